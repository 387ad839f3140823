// What a hosted run's thread does with a model's calls into real time (docs/OWN-CODE.md).
//
// While a hosted virtual-clock run executes the model's code on its thread (a job, a captured
// Dispatch block), that thread is "capturing":
//   - clock_gettime(CLOCK_MONOTONIC | CLOCK_BOOTTIME) returns the run's virtual instant, so
//     ContinuousClock.now, SuspendingClock.now and DispatchTime.now() read the virtual clock:
//     every deadline the model computes from them is a virtual instant, exact to the nanosecond;
//   - dispatch_async, dispatch_async_f, dispatch_barrier_async(_f), dispatch_group_async(_f),
//     dispatch_after and dispatch_after_f do not go to Dispatch's threads: the block or function
//     is handed to the run (fs_hosted_callbacks.dispatched) as an fs_item, which the run executes
//     on its own thread, in order, at the virtual instant due;
//   - dispatch_source_set_timer (DispatchSourceTimer.schedule) is reported to the run
//     (fs_hosted_callbacks.escaped), which refuses the run, and the timer is not set;
//   - nanosleep, clock_nanosleep, usleep and sleep (Thread.sleep and other blocking waits) are
//     reported to the run (fs_hosted_callbacks.escaped), which refuses the run; they return at
//     once, and so do the job's later ones, the thread's clocks reading later by what they asked
//     for; the rest of that job runs uncaptured;
//   - CFRunLoopAddTimer, CFRunLoopPerformBlock, CFRunLoopRunInMode and _CFRunLoopFinished
//     (Foundation's Timer and RunLoop: a timer scheduled, a block performed, a run loop wait) are
//     reported the same way, since no run turns a run loop: the timer is not added, the block is
//     not kept, the wait returns at once.
// On the thread of a hosted real-clock run that watches (fs_hosted_watch_run_loops), the run loop
// functions are reported and refused the same way, since no run turns a run loop on the real clock
// either. Every other thread, and the run's thread outside the model's code, sees the real functions.
// The functions are defined in the executable that links this target, so the dynamic linker
// binds the C libraries' and the Swift runtime's calls to them (ELF symbol interposition);
// fs_hosted_interposes() tells whether that holds in this process. Linux only: elsewhere
// nothing is interposed and fs_hosted_interposes() returns 0.
#ifndef FILMSTRIP_HOSTED_RUN_H
#define FILMSTRIP_HOSTED_RUN_H

#include <stdint.h>

/// A captured Dispatch block or function, with the Dispatch group it keeps entered (if any).
typedef struct fs_item fs_item;

/// The kinds of blocking wait a capturing thread reports (fs_hosted_callbacks.escaped).
enum fs_escape_kind {
    fs_escape_nanosleep = 1,        // nanosleep or clock_nanosleep: Thread.sleep, a timed blocking wait
    fs_escape_usleep = 2,           // usleep
    fs_escape_sleep = 3,            // sleep(3)
    fs_escape_session = 5,          // a URLSession made from the model's own configuration (libcurl's curl_multi_init)
    fs_escape_timer = 6,            // a Timer added to a run loop (CFRunLoopAddTimer): Timer.scheduledTimer, RunLoop.add
    fs_escape_run_loop_wait = 7,    // a run loop turned (_CFRunLoopFinished, CFRunLoopRunInMode): RunLoop.run, acceptInput
    fs_escape_run_loop_block = 8,   // a block given to a run loop (CFRunLoopPerformBlock): RunLoop.perform
    fs_escape_dispatch_timer = 9,   // a Dispatch timer source set (dispatch_source_set_timer): DispatchSourceTimer.schedule
};

/// What the run is told; called on the capturing thread, inside the model's code (but see escaped).
typedef struct fs_hosted_callbacks {
    /// A block or function was dispatched: `when` is Dispatch's deadline (0 for "now", a
    /// dispatch_time_t for dispatch_after: uptime nanoseconds, or with the top bit set a wall
    /// deadline, or UINT64_MAX for never). The run owns `item` from now on: it calls
    /// fs_item_run or fs_item_discard exactly once.
    void (*dispatched)(fs_item *item, uint64_t when);
    /// A blocking wait of `kind` was called (it returns at once; the job goes on uncaptured):
    /// returns 1 when a virtual-clock run is active and took the report, 0 otherwise.
    int (*escaped)(int kind);
    /// The lane tag of the code running now (stored with each captured item, -1 when unknown).
    int32_t (*lane_tag)(void);
} fs_hosted_callbacks;

/// Installs the callbacks (once per process; later calls replace them).
void fs_hosted_install(fs_hosted_callbacks callbacks);

/// Starts capturing on this thread, with the clock reading `virtual_ns`; returns the previous
/// state so that nested calls can restore it.
int fs_hosted_enter(int64_t virtual_ns);

/// Restores the state fs_hosted_enter returned.
void fs_hosted_restore(int previous);

/// Moves this thread's virtual reading while it captures.
void fs_hosted_set_now(int64_t virtual_ns);

/// Reports this thread's run loop calls (on 1) or stops (on 0): for a hosted real-clock run's
/// thread, which runs the model's main-actor jobs without capturing.
void fs_hosted_watch_run_loops(int on);

/// 1 while this thread captures.
int fs_hosted_capturing(void);

/// The lane tag of the captured item running on this thread (-1 outside one).
int32_t fs_hosted_item_lane(void);

/// Runs the item on this thread (with its lane tag current), leaves its group, frees it.
void fs_item_run(fs_item *item);

/// Frees the item without running it (a block due after the run ended).
void fs_item_discard(fs_item *item);

/// 1 on a platform where this target interposes (Linux); whether this process's calls really
/// reach it is for the caller to check (read ContinuousClock.now while capturing): it fails when
/// this target is linked into a shared library loaded after the C library.
int fs_hosted_interposes(void);

/// Redirects FoundationNetworking's calls of libcurl's curl_multi_init and curl_multi_add_handle
/// (once per process), so that a URLSession the model makes during a virtual-clock run is reported
/// (fs_escape_session) and none of its requests reaches the network; returns how many calls were
/// redirected (2 where FoundationNetworking is loaded, 0 elsewhere).
int fs_hosted_hook_network(void);

/// 1 when this process's lookups of the run loop functions above reach this target's definitions
/// (so Foundation's calls do); 0 elsewhere.
int fs_hosted_sees_run_loops(void);

#endif
