// glibc's malloc tuning (mallopt, M_MMAP_THRESHOLD), part of libc6-dev: the command line fixes
// the mmap threshold so image buffers go back to the system when freed (FilmstripCLI's HeapPolicy).
// Linux only (glibc): elsewhere the heap policy is a no-op (docs/PLATFORMS.md).
#include <malloc.h>
