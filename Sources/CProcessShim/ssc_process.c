#define _GNU_SOURCE
#include "ssc_process.h"
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int ssc_memfd(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

int ssc_socketpair(int fds[2]) { return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds); }

long ssc_send(int fd, const void *bytes, unsigned long count) { return send(fd, bytes, count, MSG_NOSIGNAL); }

int ssc_spawn(const char *path, char *const argv[], int in_fd, int out_fd, int shm_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int error = posix_spawn_file_actions_init(&actions);
    if (error) return error;
    // dup2 onto the child's 0, 1 and 3 clears close-on-exec there; the originals close at exec.
    if (!error) error = posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    if (!error) error = posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (!error) error = posix_spawn_file_actions_adddup2(&actions, shm_fd, 3);
    posix_spawnattr_t attributes;
    if (!error) error = posix_spawnattr_init(&attributes);
    if (!error) {
        // The parent may block signals on its threads; the worker starts with none blocked and
        // default actions (SIGXCPU must end it).
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setsigdefault(&attributes, &all);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        error = posix_spawn(pid, path, &actions, &attributes, argv, environ);
        posix_spawnattr_destroy(&attributes);
    }
    posix_spawn_file_actions_destroy(&actions);
    return error;
}

int ssc_limit_memory(unsigned long long bytes) {
    // A worker ended past a bound (SIGXCPU, or SIGABRT when an allocation fails) writes no core
    // file: it would be as large as the bound, once per refused drawing.
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_CORE, &none) != 0) return errno;
    struct rlimit limit = { (rlim_t)bytes, (rlim_t)bytes };
    return setrlimit(RLIMIT_AS, &limit) == 0 ? 0 : errno;
}

int ssc_arm_cpu(double seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return errno;
    double used = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    struct rlimit limit;
    if (getrlimit(RLIMIT_CPU, &limit) != 0) return errno;
    rlim_t soft = (rlim_t)ceil(used + seconds);
    if (limit.rlim_max != RLIM_INFINITY && soft > limit.rlim_max) soft = limit.rlim_max;
    limit.rlim_cur = soft;
    return setrlimit(RLIMIT_CPU, &limit) == 0 ? 0 : errno;
}

int ssc_wait(pid_t pid, int nohang) {
    int status = 0;
    pid_t done;
    do { done = waitpid(pid, &status, nohang ? WNOHANG : 0); } while (done < 0 && errno == EINTR);
    if (done == pid) return status;
    return done == 0 ? -1 : -2;
}

int ssc_term_signal(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }

int ssc_exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

void ssc_keep_heap(unsigned long mmap_below, unsigned long keep) {
    mallopt(M_MMAP_THRESHOLD, (int)mmap_below);
    mallopt(M_TRIM_THRESHOLD, (int)keep);
}
