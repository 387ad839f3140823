// The capturing thread of a hosted run: see include/hosted_run.h.
#define _GNU_SOURCE
#include "hosted_run.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

struct fs_item {
    void *block;            // a copied block, or NULL for a function
    void *context;
    void (*function)(void *);
    void *group;            // a Dispatch group entered for the item, or NULL
    int32_t lane;
};

// The layout every block starts with (the Blocks ABI): invoke takes the block itself.
struct fs_block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *, ...);
};

static fs_hosted_callbacks installed;
static __thread int capturing;
static __thread int64_t virtual_ns;
static __thread int32_t item_lane = -1;
// Set once a blocking wait of this job was refused: later ones return at once too.
static __thread int refusing;
// How long the refused waits of this job asked for, ns: this thread's clocks read that much
// later, so a loop that waits until a clock passes its deadline ends at once.
static __thread int64_t refused_ns;
// Set on the thread of a hosted real-clock run (fs_hosted_watch_run_loops): its run loop calls are
// reported too.
static __thread int watching;

void fs_hosted_install(fs_hosted_callbacks callbacks) { installed = callbacks; }

int fs_hosted_enter(int64_t now_ns) {
    int previous = capturing;
    capturing = 1;
    virtual_ns = now_ns;
    refusing = 0;
    refused_ns = 0;
    return previous;
}

void fs_hosted_restore(int previous) {
    capturing = previous;
    refusing = 0;
    refused_ns = 0;
}
void fs_hosted_set_now(int64_t now_ns) { virtual_ns = now_ns; }
int fs_hosted_capturing(void) { return capturing; }
int32_t fs_hosted_item_lane(void) { return item_lane; }
int fs_hosted_interposes(void) { return 1; }
void fs_hosted_watch_run_loops(int on) { watching = on; }

// The next definition of a symbol after this executable's (the C library's, Dispatch's), looked
// up once; the race of two first calls stores the same pointer twice.
#define NEXT(name, type) \
    static type next_##name; \
    if (!next_##name) next_##name = (type)dlsym(RTLD_NEXT, #name)

typedef void *(*block_copy_t)(const void *);
typedef void (*block_release_t)(const void *);
typedef void (*group_t)(void *);

static void *copy_block(void *block) {
    static block_copy_t copy;
    if (!copy) copy = (block_copy_t)dlsym(RTLD_DEFAULT, "_Block_copy");
    return copy(block);
}

static void release_block(void *block) {
    static block_release_t release;
    if (!release) release = (block_release_t)dlsym(RTLD_DEFAULT, "_Block_release");
    release(block);
}

static void group_call(const char *name, void *group) {
    group_t function = (group_t)dlsym(RTLD_DEFAULT, name);
    function(group);
}

static void capture(uint64_t when, void *block, void *context, void (*function)(void *), void *group) {
    fs_item *item = calloc(1, sizeof *item);
    item->block = block ? copy_block(block) : NULL;
    item->context = context;
    item->function = function;
    item->group = group;
    item->lane = installed.lane_tag ? installed.lane_tag() : -1;
    if (group) group_call("dispatch_group_enter", group);
    installed.dispatched(item, when);
}

void fs_item_run(fs_item *item) {
    int32_t outer = item_lane;
    item_lane = item->lane;
    if (item->block) {
        ((struct fs_block_layout *)item->block)->invoke(item->block);
        release_block(item->block);
    } else {
        item->function(item->context);
    }
    item_lane = outer;
    if (item->group) group_call("dispatch_group_leave", item->group);
    free(item);
}

void fs_item_discard(fs_item *item) {
    if (item->block) release_block(item->block);
    free(item);
}

static int captures(void) { return capturing && installed.dispatched; }

// MARK: the clock

typedef int (*clock_gettime_t)(clockid_t, struct timespec *);

int clock_gettime(clockid_t clock, struct timespec *time) {
    NEXT(clock_gettime, clock_gettime_t);
    if (capturing && (clock == CLOCK_MONOTONIC || clock == CLOCK_BOOTTIME || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_MONOTONIC_COARSE)) {
        time->tv_sec = (time_t)(virtual_ns / 1000000000);
        time->tv_nsec = (long)(virtual_ns % 1000000000);
        return 0;
    }
    int result = next_clock_gettime(clock, time);
    if (result == 0 && refused_ns > 0) {
        int64_t ns = (int64_t)time->tv_nsec + refused_ns % 1000000000;
        time->tv_sec += (time_t)(refused_ns / 1000000000 + ns / 1000000000);
        time->tv_nsec = (long)(ns % 1000000000);
    }
    return result;
}

typedef int (*gettimeofday_t)(struct timeval *, void *);

int gettimeofday(struct timeval *time, void *zone) {
    NEXT(gettimeofday, gettimeofday_t);
    int result = next_gettimeofday(time, zone);
    if (result == 0 && refused_ns > 0) {
        int64_t us = (int64_t)time->tv_usec + (refused_ns / 1000) % 1000000;
        time->tv_sec += (time_t)(refused_ns / 1000000000 + us / 1000000);
        time->tv_usec = (suseconds_t)(us % 1000000);
    }
    return result;
}

// MARK: Dispatch

typedef void (*async_t)(void *, void *);
typedef void (*async_f_t)(void *, void *, void (*)(void *));
typedef void (*group_async_t)(void *, void *, void *);
typedef void (*group_async_f_t)(void *, void *, void *, void (*)(void *));
typedef void (*after_t)(uint64_t, void *, void *);
typedef void (*after_f_t)(uint64_t, void *, void *, void (*)(void *));

void dispatch_async(void *queue, void *block) {
    NEXT(dispatch_async, async_t);
    if (captures()) { capture(0, block, NULL, NULL, NULL); return; }
    next_dispatch_async(queue, block);
}

void dispatch_async_f(void *queue, void *context, void (*function)(void *)) {
    NEXT(dispatch_async_f, async_f_t);
    if (captures()) { capture(0, NULL, context, function, NULL); return; }
    next_dispatch_async_f(queue, context, function);
}

void dispatch_barrier_async(void *queue, void *block) {
    NEXT(dispatch_barrier_async, async_t);
    if (captures()) { capture(0, block, NULL, NULL, NULL); return; }
    next_dispatch_barrier_async(queue, block);
}

void dispatch_barrier_async_f(void *queue, void *context, void (*function)(void *)) {
    NEXT(dispatch_barrier_async_f, async_f_t);
    if (captures()) { capture(0, NULL, context, function, NULL); return; }
    next_dispatch_barrier_async_f(queue, context, function);
}

void dispatch_group_async(void *group, void *queue, void *block) {
    NEXT(dispatch_group_async, group_async_t);
    if (captures()) { capture(0, block, NULL, NULL, group); return; }
    next_dispatch_group_async(group, queue, block);
}

void dispatch_group_async_f(void *group, void *queue, void *context, void (*function)(void *)) {
    NEXT(dispatch_group_async_f, group_async_f_t);
    if (captures()) { capture(0, NULL, context, function, group); return; }
    next_dispatch_group_async_f(group, queue, context, function);
}

void dispatch_after(uint64_t when, void *queue, void *block) {
    NEXT(dispatch_after, after_t);
    if (captures()) { capture(when, block, NULL, NULL, NULL); return; }
    next_dispatch_after(when, queue, block);
}

void dispatch_after_f(uint64_t when, void *queue, void *context, void (*function)(void *)) {
    NEXT(dispatch_after_f, after_f_t);
    if (captures()) { capture(when, NULL, context, function, NULL); return; }
    next_dispatch_after_f(when, queue, context, function);
}

// MARK: blocking waits

typedef int (*nanosleep_t)(const struct timespec *, struct timespec *);
typedef int (*clock_nanosleep_t)(clockid_t, int, const struct timespec *, struct timespec *);
typedef int (*usleep_t)(useconds_t);
typedef unsigned int (*sleep_t)(unsigned int);

// A blocking wait is reported and returns at once, and so does every later one of the job; the
// rest of the model's code in the job runs uncaptured, on the real clocks and Dispatch, since the
// run is refused anyway. The thread's clocks read later by what the refused waits asked for, so a
// C library loop that sleeps until a clock passes its deadline (Foundation's Thread.sleep) ends at
// once: the run is refused in the same words and as soon for a wait of 1 ms as for one of an hour.
static int reported(int kind, int64_t ns) {
    if (!refusing) {
        if (!capturing || !installed.escaped) return 0;
        (void)installed.escaped(kind);
        capturing = 0;
        refusing = 1;
    }
    if (ns > 0) refused_ns += ns;
    return 1;
}

static int64_t nanoseconds(const struct timespec *time) {
    return time ? (int64_t)time->tv_sec * 1000000000 + time->tv_nsec : 0;
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
    NEXT(nanosleep, nanosleep_t);
    if (reported(fs_escape_nanosleep, nanoseconds(request))) return 0;
    return next_nanosleep(request, remaining);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    NEXT(clock_nanosleep, clock_nanosleep_t);
    int64_t ns = nanoseconds(request);
    if ((flags & TIMER_ABSTIME) && (refusing || capturing)) {
        // A deadline: what is left of it on that clock, as this thread reads it.
        struct timespec now;
        ns = clock_gettime(clock, &now) == 0 ? ns - nanoseconds(&now) : 0;
    }
    if (reported(fs_escape_nanosleep, ns)) return 0;
    return next_clock_nanosleep(clock, flags, request, remaining);
}

int usleep(useconds_t microseconds) {
    NEXT(usleep, usleep_t);
    if (reported(fs_escape_usleep, (int64_t)microseconds * 1000)) return 0;
    return next_usleep(microseconds);
}

unsigned int sleep(unsigned int seconds) {
    NEXT(sleep, sleep_t);
    if (reported(fs_escape_sleep, (int64_t)seconds * 1000000000)) return 0;
    return next_sleep(seconds);
}

// MARK: Dispatch timers

// A Dispatch timer source (DispatchSource.makeTimerSource, then schedule) fires on Dispatch's real
// timers, which the virtual clock cannot move, and a deadline it computes from DispatchTime.now()
// is a virtual one Dispatch reads as real. It is reported when the model sets it and refused like a
// blocking wait: the timer is not set, so the source never fires. FoundationNetworking's own timers
// (libcurl's timeouts, for a session of the model's own configuration, which is refused when it is
// made) are set as asked: libcurl ends a refused transfer on them.

typedef void (*source_set_timer_t)(void *, uint64_t, uint64_t, uint64_t);

// 1 when FoundationNetworking is among the few callers nearest this call.
static int called_by_foundation_networking(void) {
    void *frames[6];
    int count = backtrace(frames, 6);
    for (int index = 1; index < count; index++) {
        Dl_info info;
        if (dladdr(frames[index], &info) && info.dli_fname && strstr(info.dli_fname, "libFoundationNetworking.so")) return 1;
    }
    return 0;
}

void dispatch_source_set_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
    NEXT(dispatch_source_set_timer, source_set_timer_t);
    if ((capturing || refusing) && !called_by_foundation_networking() && reported(fs_escape_dispatch_timer, 0)) return;
    next_dispatch_source_set_timer(source, start, interval, leeway);
}

// MARK: run loops

// Foundation's RunLoop and Timer call these CoreFoundation functions through their own table of
// imported functions, so this executable's definitions are the ones they reach. Nothing turns a
// run loop during a hosted run: the run's thread runs jobs and Dispatch blocks, never a run loop.
// So on the capturing thread a Timer added to a run loop (Timer.scheduledTimer, RunLoop.add) would
// never fire, a block given to one (RunLoop.perform) would never run, and a run loop wait
// (RunLoop.run, run(until:), run(mode:before:), acceptInput) would wait on real time or, on this
// thread's empty run loop, return at once. Each is reported (fs_escape_timer, _run_loop_wait,
// _run_loop_block) like a blocking wait, and the run is refused: the timer is not added and the
// block is not kept, so nothing of the refused model stays on a run loop; the wait returns at once.

// On the capturing thread a run loop call is refused like a blocking wait; on a watching thread
// (a real-clock run's) it is reported and refused alone: that thread's later calls are its own.
static int run_loop_refused(int kind) {
    if (capturing || refusing) return reported(kind, 0);
    return watching && installed.escaped && installed.escaped(kind);
}

typedef void (*add_timer_t)(void *, void *, void *);
typedef unsigned char (*run_loop_finished_t)(void *, void *);
typedef int32_t (*run_in_mode_t)(void *, double, unsigned char);
typedef void (*perform_block_t)(void *, void *, void *);

void CFRunLoopAddTimer(void *loop, void *timer, void *mode) {
    NEXT(CFRunLoopAddTimer, add_timer_t);
    if (run_loop_refused(fs_escape_timer)) return;
    next_CFRunLoopAddTimer(loop, timer, mode);
}

unsigned char _CFRunLoopFinished(void *loop, void *mode) {
    NEXT(_CFRunLoopFinished, run_loop_finished_t);
    if (run_loop_refused(fs_escape_run_loop_wait)) return 1;
    return next__CFRunLoopFinished(loop, mode);
}

int32_t CFRunLoopRunInMode(void *mode, double seconds, unsigned char returnAfterSourceHandled) {
    NEXT(CFRunLoopRunInMode, run_in_mode_t);
    enum { run_loop_finished = 1 };  // kCFRunLoopRunFinished
    if (run_loop_refused(fs_escape_run_loop_wait)) return run_loop_finished;
    return next_CFRunLoopRunInMode(mode, seconds, returnAfterSourceHandled);
}

void CFRunLoopPerformBlock(void *loop, void *mode, void *block) {
    NEXT(CFRunLoopPerformBlock, perform_block_t);
    if (run_loop_refused(fs_escape_run_loop_block)) return;
    next_CFRunLoopPerformBlock(loop, mode, block);
}

int fs_hosted_sees_run_loops(void) {
    return dlsym(RTLD_DEFAULT, "CFRunLoopAddTimer") == (void *)CFRunLoopAddTimer
        && dlsym(RTLD_DEFAULT, "_CFRunLoopFinished") == (void *)_CFRunLoopFinished
        && dlsym(RTLD_DEFAULT, "CFRunLoopRunInMode") == (void *)CFRunLoopRunInMode
        && dlsym(RTLD_DEFAULT, "CFRunLoopPerformBlock") == (void *)CFRunLoopPerformBlock;
}

// MARK: the network

// libcurl's functions cannot be interposed like the C library's: FoundationNetworking refers to
// them by versioned name and the executable does not export its own. So the two FoundationNetworking
// calls that matter are redirected in its own table of imported functions (its GOT), once, by
// fs_hosted_hook_network.

typedef void *(*curl_multi_init_t)(void);
typedef int (*curl_multi_add_handle_t)(void *, void *);
typedef int (*curl_easy_setopt_t)(void *, int, ...);

static curl_multi_init_t real_curl_multi_init;
static curl_multi_add_handle_t real_curl_multi_add_handle;
static curl_easy_setopt_t real_curl_easy_setopt;

// The libcurl multi handles of sessions made while a run captured: none of their requests reaches
// the network. Few per process; past 64 the oldest are kept.
static void *refused_multis[64];
static int refused_multi_count;

static int is_refused(void *multi) {
    int count = __atomic_load_n(&refused_multi_count, __ATOMIC_ACQUIRE);
    for (int index = 0; index < count && index < 64; index++) {
        if (__atomic_load_n(&refused_multis[index], __ATOMIC_ACQUIRE) == multi) return 1;
    }
    return 0;
}

// A URLSession makes its multi handle when it is made. One made while a run captures is one the
// model made from its own configuration (URLSession.shared is made before every hosted run and
// answered by the run's URLProtocol): FoundationNetworking gives it only its own HTTP protocol,
// libcurl on its own queues, which the virtual clock cannot move. It is reported when it is made,
// so the run is refused in the same words on every run, and the rest of the job runs uncaptured.
static void *hosted_curl_multi_init(void) {
    void *multi = real_curl_multi_init();
    if (multi && capturing && installed.escaped && installed.escaped(fs_escape_session)) {
        int index = __atomic_fetch_add(&refused_multi_count, 1, __ATOMIC_ACQ_REL);
        if (index < 64) __atomic_store_n(&refused_multis[index], multi, __ATOMIC_RELEASE);
        capturing = 0;
    }
    return multi;
}

// A request of a refused session, or one that reaches libcurl on the capturing thread, never
// reaches the network: its URL becomes one of a scheme libcurl does not speak, so libcurl fails the
// transfer at once (CURLE_UNSUPPORTED_PROTOCOL) and FoundationNetworking completes the task with
// an error, as it completes any failed transfer. Every other request goes ahead.
static int hosted_curl_multi_add_handle(void *multi, void *easy) {
    int refused = is_refused(multi);
    if (!refused && capturing && installed.escaped && installed.escaped(fs_escape_session)) {
        refused = 1;
        capturing = 0;
    }
    if (refused && real_curl_easy_setopt) {
        enum { curlopt_url = 10002 };  // CURLOPTTYPE_STRINGPOINT + 2
        (void)real_curl_easy_setopt(easy, curlopt_url, "filmstrip-refused://the-run-refused-this-request");
    }
    return real_curl_multi_add_handle(multi, easy);
}

// Points FoundationNetworking's GOT slots of curl_multi_init and curl_multi_add_handle at the
// functions above; counts the slots changed in *data.
static int redirect_network_calls(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    if (!info->dlpi_name || !strstr(info->dlpi_name, "libFoundationNetworking.so")) return 0;
    ElfW(Addr) base = info->dlpi_addr;
    const ElfW(Dyn) *dynamic = NULL;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(base + info->dlpi_phdr[index].p_vaddr);
    }
    if (!dynamic) return 0;
    ElfW(Addr) relocations = 0, symbols = 0, strings = 0;
    size_t relocationBytes = 0;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_JMPREL) relocations = entry->d_un.d_ptr;
        if (entry->d_tag == DT_PLTRELSZ) relocationBytes = entry->d_un.d_val;
        if (entry->d_tag == DT_SYMTAB) symbols = entry->d_un.d_ptr;
        if (entry->d_tag == DT_STRTAB) strings = entry->d_un.d_ptr;
    }
    if (!relocations || !symbols || !strings) return 0;
    // The dynamic linker has made these addresses absolute; an address below the base is still an offset.
    if (relocations < base) relocations += base;
    if (symbols < base) symbols += base;
    if (strings < base) strings += base;
    long page = sysconf(_SC_PAGESIZE);
    for (size_t index = 0; index < relocationBytes / sizeof(ElfW(Rela)); index++) {
        const ElfW(Rela) *relocation = (const ElfW(Rela) *)relocations + index;
        const char *name = (const char *)strings + ((const ElfW(Sym) *)symbols)[ELF64_R_SYM(relocation->r_info)].st_name;
        void *replacement = strcmp(name, "curl_multi_init") == 0 ? (void *)hosted_curl_multi_init
            : strcmp(name, "curl_multi_add_handle") == 0 ? (void *)hosted_curl_multi_add_handle : NULL;
        if (!replacement) continue;
        void **slot = (void **)(base + relocation->r_offset);
        void *start = (void *)((uintptr_t)slot & ~(uintptr_t)(page - 1));
        if (mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) continue;
        __atomic_store_n(slot, replacement, __ATOMIC_RELEASE);
        *(int *)data += 1;
    }
    return 0;
}

int fs_hosted_hook_network(void) {
    static int redirected = -1;
    if (redirected >= 0) return redirected;
    real_curl_multi_init = (curl_multi_init_t)dlsym(RTLD_DEFAULT, "curl_multi_init");
    real_curl_multi_add_handle = (curl_multi_add_handle_t)dlsym(RTLD_DEFAULT, "curl_multi_add_handle");
    real_curl_easy_setopt = (curl_easy_setopt_t)dlsym(RTLD_DEFAULT, "curl_easy_setopt");
    int count = 0;
    if (real_curl_multi_init && real_curl_multi_add_handle && real_curl_easy_setopt) dl_iterate_phdr(redirect_network_calls, &count);
    redirected = count;
    return redirected;
}

#else

void fs_hosted_install(fs_hosted_callbacks callbacks) { (void)callbacks; }
int fs_hosted_enter(int64_t now_ns) { (void)now_ns; return 0; }
void fs_hosted_restore(int previous) { (void)previous; }
void fs_hosted_set_now(int64_t now_ns) { (void)now_ns; }
int fs_hosted_capturing(void) { return 0; }
int32_t fs_hosted_item_lane(void) { return -1; }
void fs_item_run(fs_item *item) { (void)item; }
void fs_item_discard(fs_item *item) { (void)item; }
int fs_hosted_interposes(void) { return 0; }
void fs_hosted_watch_run_loops(int on) { (void)on; }
int fs_hosted_hook_network(void) { return 0; }
int fs_hosted_sees_run_loops(void) { return 0; }

#endif
