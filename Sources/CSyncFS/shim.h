// syncfs(2), glibc 2.14 and later: flushes every file of the filesystem holding `fd` to the
// device. glibc declares it only under _GNU_SOURCE, which Swift's Glibc module is not built
// with, so it is declared here. Linux only: AtomicFile.commit on Darwin flushes file by file.
int syncfs(int fd);
