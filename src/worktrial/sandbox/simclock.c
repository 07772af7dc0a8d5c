/* worktrial's simulated clock, preloaded (LD_PRELOAD) into sandboxed programs.
 *
 * Wall-clock time and file times are shifted by an offset in nanoseconds: read from the file named by
 * WORKTRIAL_CLOCK_FILE (re-read at most every 100 ms, so a running program follows the world clock), else
 * taken from WORKTRIAL_CLOCK_OFFSET. Monotonic clocks are left alone, so sleeps, timeouts and timers behave
 * exactly as without it. Deadlines given against the wall clock (condition variables, semaphores, mutexes,
 * absolute sleeps) are shifted back before they reach the kernel, and explicit file times set by a program
 * (touch -d, cp -p, tar) are shifted back before they are stored, so they read back as written.
 *
 * Files under the folders listed in WORKTRIAL_CLOCK_KEEP (colon-separated: the system, the interpreters) keep
 * their real times: caches that compare a recorded mtime with the file's (Python's .pyc files) stay valid.
 *
 * Not covered: statically linked programs and programs that make system calls themselves (Go, libuv's stat).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#define NS 1000000000LL
#define REFRESH_NS (100 * 1000000LL)

#define MAX_KEEP 32

static long long offset_ns;       /* read and written with __atomic builtins */
static char *keep[MAX_KEEP];
static size_t keep_len[MAX_KEEP];
static int keep_count;
static long long next_refresh_ns; /* monotonic time of the next look at the file */
static const char *clock_file;

static int (*real_clock_gettime)(clockid_t, struct timespec *);

static int real_now(clockid_t clk, struct timespec *ts) {
    if (!real_clock_gettime) real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
    return real_clock_gettime(clk, ts);
}

static void read_file(void) {
    char buf[64];
    int fd = open(clock_file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return;
    buf[n] = 0;
    char *end;
    long long value = strtoll(buf, &end, 10);
    if (end != buf) __atomic_store_n(&offset_ns, value, __ATOMIC_RELAXED);
}

static long long offset(void) {
    if (clock_file) {
        struct timespec mono;
        real_now(CLOCK_MONOTONIC, &mono);
        long long now = mono.tv_sec * NS + mono.tv_nsec;
        if (now >= __atomic_load_n(&next_refresh_ns, __ATOMIC_RELAXED)) {
            __atomic_store_n(&next_refresh_ns, now + REFRESH_NS, __ATOMIC_RELAXED);
            read_file();
        }
    }
    return __atomic_load_n(&offset_ns, __ATOMIC_RELAXED);
}

__attribute__((constructor)) static void init(void) {
    const char *fixed = getenv("WORKTRIAL_CLOCK_OFFSET");
    if (fixed) offset_ns = strtoll(fixed, NULL, 10);
    const char *file = getenv("WORKTRIAL_CLOCK_FILE");
    if (file && *file) clock_file = strdup(file);
    if (clock_file) read_file();
    const char *folders = getenv("WORKTRIAL_CLOCK_KEEP");
    char *list = folders ? strdup(folders) : NULL, *save = NULL;
    for (char *item = list ? strtok_r(list, ":", &save) : NULL; item && keep_count < MAX_KEEP;
         item = strtok_r(NULL, ":", &save)) {
        size_t n = strlen(item);
        while (n > 1 && item[n - 1] == '/') item[--n] = 0;
        if (n > 1 && item[0] == '/') {
            keep[keep_count] = item;
            keep_len[keep_count++] = n;
        }
    }
}

static int kept_path(const char *path) {
    for (int i = 0; i < keep_count; i++)
        if (strncmp(path, keep[i], keep_len[i]) == 0 && (path[keep_len[i]] == '/' || path[keep_len[i]] == 0))
            return 1;
    return 0;
}

/* Whether the file at `path` (relative to `dirfd`, or the file open as `dirfd` when `path` is empty) keeps its
 * real times. Only relative paths cost a look-up of where they are. */
static int kept(int dirfd, const char *path) {
    if (!keep_count) return 0;
    if (path && path[0] == '/') return kept_path(path);
    char where[4096];
    ssize_t n;
    if (dirfd == AT_FDCWD) {
        if (!getcwd(where, sizeof where)) return 0;
        n = (ssize_t)strlen(where);
    } else {
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
        n = readlink(link, where, sizeof where - 1);
        if (n <= 0) return 0;
        where[n] = 0;
    }
    return where[0] == '/' && kept_path(where);
}

static void shift(struct timespec *ts, long long by) {
    long long ns = ts->tv_nsec + by % NS;
    ts->tv_sec += by / NS + ns / NS;
    ns %= NS;
    if (ns < 0) {
        ns += NS;
        ts->tv_sec -= 1;
    }
    ts->tv_nsec = ns;
}

static int is_wall(clockid_t clk) {
    return clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE || clk == CLOCK_TAI;
}

/* A deadline on the simulated wall clock, as the kernel's wall clock sees it. */
static const struct timespec *to_real(const struct timespec *deadline, struct timespec *buf) {
    if (!deadline) return NULL;
    *buf = *deadline;
    shift(buf, -offset());
    return buf;
}

#define REAL(ret, name, ...)                            \
    static ret (*real)(__VA_ARGS__);                    \
    if (!real) real = dlsym(RTLD_NEXT, name);           \
    if (!real) {                                        \
        errno = ENOSYS;                                 \
        return -1;                                      \
    }

/* ------------------------------------------------------------------ reading the time */

int clock_gettime(clockid_t clk, struct timespec *ts) {
    int r = real_now(clk, ts);
    if (r == 0 && is_wall(clk)) shift(ts, offset());
    return r;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    struct timespec ts;
    int r = clock_gettime(CLOCK_REALTIME, &ts);
    if (tv) {
        tv->tv_sec = ts.tv_sec;
        tv->tv_usec = ts.tv_nsec / 1000;
    }
    if (tz) memset(tz, 0, sizeof(struct timezone));
    return r;
}

time_t time(time_t *out) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (out) *out = ts.tv_sec;
    return ts.tv_sec;
}

int timespec_get(struct timespec *ts, int base) {
    if (base != TIME_UTC) return 0;
    return clock_gettime(CLOCK_REALTIME, ts) == 0 ? base : 0;
}

/* ------------------------------------------------------------------ waiting until a wall-clock time */

int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req, struct timespec *rem) {
    static int (*real)(clockid_t, int, const struct timespec *, struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "clock_nanosleep");
    if (!real) return ENOSYS;
    struct timespec buf;
    if ((flags & TIMER_ABSTIME) && is_wall(clk)) req = to_real(req, &buf);
    return real(clk, flags, req, rem);
}

int pthread_cond_timedwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex,
                           const struct timespec *restrict abstime) {
    static int (*real)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
    if (!real) real = dlvsym(RTLD_NEXT, "pthread_cond_timedwait", "GLIBC_2.3.2");
    if (!real) real = dlsym(RTLD_NEXT, "pthread_cond_timedwait");
    if (!real) return ENOSYS;
    /* glibc keeps a condition variable's clock in bit 1 of __wrefs (set = CLOCK_MONOTONIC). */
    unsigned int flags = __atomic_load_n(&cond->__data.__wrefs, __ATOMIC_RELAXED);
    struct timespec buf;
    if (!(flags & 2)) abstime = to_real(abstime, &buf);
    return real(cond, mutex, abstime);
}

int pthread_cond_clockwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex, clockid_t clk,
                           const struct timespec *restrict abstime) {
    static int (*real)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "pthread_cond_clockwait");
    if (!real) return ENOSYS;
    struct timespec buf;
    if (is_wall(clk)) abstime = to_real(abstime, &buf);
    return real(cond, mutex, clk, abstime);
}

int pthread_mutex_timedlock(pthread_mutex_t *restrict mutex, const struct timespec *restrict abstime) {
    static int (*real)(pthread_mutex_t *, const struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "pthread_mutex_timedlock");
    if (!real) return ENOSYS;
    struct timespec buf;
    return real(mutex, to_real(abstime, &buf));
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict abstime) {
    static int (*real)(pthread_rwlock_t *, const struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "pthread_rwlock_timedrdlock");
    if (!real) return ENOSYS;
    struct timespec buf;
    return real(lock, to_real(abstime, &buf));
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict abstime) {
    static int (*real)(pthread_rwlock_t *, const struct timespec *);
    if (!real) real = dlsym(RTLD_NEXT, "pthread_rwlock_timedwrlock");
    if (!real) return ENOSYS;
    struct timespec buf;
    return real(lock, to_real(abstime, &buf));
}

int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict abstime) {
    REAL(int, "sem_timedwait", sem_t *, const struct timespec *)
    struct timespec buf;
    return real(sem, to_real(abstime, &buf));
}

int sem_clockwait(sem_t *restrict sem, clockid_t clk, const struct timespec *restrict abstime) {
    REAL(int, "sem_clockwait", sem_t *, clockid_t, const struct timespec *)
    struct timespec buf;
    if (is_wall(clk)) abstime = to_real(abstime, &buf);
    return real(sem, clk, abstime);
}

/* ------------------------------------------------------------------ file times */

/* Shifts the three times of a struct stat or struct stat64 that a successful call filled in. */
#define FAKE_STAT(r, st, keep_it)             \
    do {                                      \
        if ((r) == 0 && (st) && !(keep_it)) { \
            long long by_ = offset();         \
            shift(&(st)->st_atim, by_);       \
            shift(&(st)->st_mtim, by_);       \
            shift(&(st)->st_ctim, by_);       \
        }                                     \
    } while (0)

#define STAT_PATH(name, type)                                 \
    int name(const char *restrict path, type *restrict st) {  \
        REAL(int, #name, const char *, type *)                \
        int r = real(path, st);                               \
        FAKE_STAT(r, st, kept(AT_FDCWD, path));               \
        return r;                                             \
    }

STAT_PATH(stat, struct stat)
STAT_PATH(lstat, struct stat)
STAT_PATH(stat64, struct stat64)
STAT_PATH(lstat64, struct stat64)

#define STAT_FD(name, type)                     \
    int name(int fd, type *st) {                \
        REAL(int, #name, int, type *)           \
        int r = real(fd, st);                   \
        FAKE_STAT(r, st, kept(fd, ""));         \
        return r;                               \
    }

STAT_FD(fstat, struct stat)
STAT_FD(fstat64, struct stat64)

#define STAT_AT(name, type)                                                      \
    int name(int dirfd, const char *restrict path, type *restrict st, int flags) { \
        REAL(int, #name, int, const char *, type *, int)                         \
        int r = real(dirfd, path, st, flags);                                    \
        FAKE_STAT(r, st, kept(dirfd, path));                                     \
        return r;                                                                \
    }

STAT_AT(fstatat, struct stat)
STAT_AT(fstatat64, struct stat64)

/* Programs built against glibc < 2.33 call these instead. */
#define XSTAT_PATH(name, type)                                \
    int name(int ver, const char *path, type *st) {           \
        REAL(int, #name, int, const char *, type *)           \
        int r = real(ver, path, st);                          \
        FAKE_STAT(r, st, kept(AT_FDCWD, path));               \
        return r;                                             \
    }

XSTAT_PATH(__xstat, struct stat)
XSTAT_PATH(__lxstat, struct stat)
XSTAT_PATH(__xstat64, struct stat64)
XSTAT_PATH(__lxstat64, struct stat64)

#define XSTAT_FD(name, type)                        \
    int name(int ver, int fd, type *st) {           \
        REAL(int, #name, int, int, type *)          \
        int r = real(ver, fd, st);                  \
        FAKE_STAT(r, st, kept(fd, ""));             \
        return r;                                   \
    }

XSTAT_FD(__fxstat, struct stat)
XSTAT_FD(__fxstat64, struct stat64)

#define XSTAT_AT(name, type)                                                   \
    int name(int ver, int dirfd, const char *path, type *st, int flags) {      \
        REAL(int, #name, int, int, const char *, type *, int)                  \
        int r = real(ver, dirfd, path, st, flags);                             \
        FAKE_STAT(r, st, kept(dirfd, path));                                   \
        return r;                                                              \
    }

XSTAT_AT(__fxstatat, struct stat)
XSTAT_AT(__fxstatat64, struct stat64)

static void shift_statx(struct statx_timestamp *t, long long by) {
    struct timespec ts = {t->tv_sec, t->tv_nsec};
    shift(&ts, by);
    t->tv_sec = ts.tv_sec;
    t->tv_nsec = ts.tv_nsec;
}

int statx(int dirfd, const char *restrict path, int flags, unsigned int mask, struct statx *restrict stx) {
    REAL(int, "statx", int, const char *, int, unsigned int, struct statx *)
    int r = real(dirfd, path, flags, mask, stx);
    if (r == 0 && stx && !kept(dirfd, path)) {
        long long by = offset();
        if (stx->stx_mask & STATX_ATIME) shift_statx(&stx->stx_atime, by);
        if (stx->stx_mask & STATX_MTIME) shift_statx(&stx->stx_mtime, by);
        if (stx->stx_mask & STATX_CTIME) shift_statx(&stx->stx_ctime, by);
        if (stx->stx_mask & STATX_BTIME) shift_statx(&stx->stx_btime, by);
    }
    return r;
}

/* ------------------------------------------------------------------ setting file times */

static const struct timespec *back_times(const struct timespec *times, struct timespec *buf) {
    if (!times) return NULL; /* "now": the kernel's time is the real one, read back shifted */
    long long by = -offset();
    for (int i = 0; i < 2; i++) {
        buf[i] = times[i];
        if (buf[i].tv_nsec != UTIME_NOW && buf[i].tv_nsec != UTIME_OMIT) shift(&buf[i], by);
    }
    return buf;
}

static const struct timeval *back_timevals(const struct timeval *tv, struct timeval *buf) {
    if (!tv) return NULL;
    long long by = -offset();
    for (int i = 0; i < 2; i++) {
        struct timespec ts = {tv[i].tv_sec, tv[i].tv_usec * 1000};
        shift(&ts, by);
        buf[i].tv_sec = ts.tv_sec;
        buf[i].tv_usec = ts.tv_nsec / 1000;
    }
    return buf;
}

int utimensat(int dirfd, const char *path, const struct timespec times[2], int flags) {
    REAL(int, "utimensat", int, const char *, const struct timespec *, int)
    struct timespec buf[2];
    return real(dirfd, path, back_times(times, buf), flags);
}

int futimens(int fd, const struct timespec times[2]) {
    REAL(int, "futimens", int, const struct timespec *)
    struct timespec buf[2];
    return real(fd, back_times(times, buf));
}

int utimes(const char *path, const struct timeval tv[2]) {
    REAL(int, "utimes", const char *, const struct timeval *)
    struct timeval buf[2];
    return real(path, back_timevals(tv, buf));
}

int lutimes(const char *path, const struct timeval tv[2]) {
    REAL(int, "lutimes", const char *, const struct timeval *)
    struct timeval buf[2];
    return real(path, back_timevals(tv, buf));
}

int futimes(int fd, const struct timeval tv[2]) {
    REAL(int, "futimes", int, const struct timeval *)
    struct timeval buf[2];
    return real(fd, back_timevals(tv, buf));
}

int utime(const char *path, const struct utimbuf *times) {
    REAL(int, "utime", const char *, const struct utimbuf *)
    if (!times) return real(path, NULL);
    long long by = -offset() / NS;
    struct utimbuf shifted = {times->actime + by, times->modtime + by};
    return real(path, &shifted);
}
