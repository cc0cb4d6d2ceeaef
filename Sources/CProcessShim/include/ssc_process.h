#ifndef SSC_PROCESS_H
#define SSC_PROCESS_H
#include <sys/types.h>

// What Swift's Glibc module does not import (memfd_create, pipe2 need _GNU_SOURCE), kept in C
// with the spawn and the limits the drawing workers run under.

/// A memory file closed on exec (dup2 onto a child's descriptor clears that).
int ssc_memfd(const char *name);
/// A connected pair of Unix stream sockets, both closed on exec.
int ssc_socketpair(int fds[2]);
/// send() without SIGPIPE: a worker that died is an error return (EPIPE), not our end.
long ssc_send(int fd, const void *bytes, unsigned long count);
/// posix_spawn of `path` with `in_fd` as its stdin, `out_fd` as its stdout, `shm_fd` as
/// descriptor 3, stderr inherited; every other descriptor of ours is close-on-exec. Returns 0 or
/// an errno.
int ssc_spawn(const char *path, char *const argv[], int in_fd, int out_fd, int shm_fd, pid_t *pid);
/// Caps this process's address space (RLIMIT_AS) at `bytes`, and its core files at none; 0 or an errno.
int ssc_limit_memory(unsigned long long bytes);
/// Sets this process's soft CPU limit (RLIMIT_CPU) to the CPU it has used plus `seconds`, whole
/// seconds rounded up; past it the kernel sends SIGXCPU, which ends the process. 0 or an errno.
int ssc_arm_cpu(double seconds);
/// waitpid: the raw status; -1 while it runs (nohang), -2 when it cannot be waited for.
int ssc_wait(pid_t pid, int nohang);
/// The signal that ended a process (from ssc_wait's status), or 0 when it exited.
int ssc_term_signal(int status);
/// The exit code of a process that exited, or -1.
int ssc_exit_code(int status);
/// Serves canvas-sized allocations (up to `mmap_below` bytes) from the heap and keeps up to
/// `keep` bytes of its free top, so a freed buffer's pages are reused instead of unmapped (mallopt).
void ssc_keep_heap(unsigned long mmap_below, unsigned long keep);
#endif
