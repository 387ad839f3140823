// glibc's malloc tuning (mallopt, M_MMAP_THRESHOLD), part of libc6-dev: the command line fixes
// the mmap threshold so image buffers go back to the system when freed (FilmstripCLI's HeapPolicy).
#include <malloc.h>
