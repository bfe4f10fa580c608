/* file.c: bounded reads and atomic, durable writes (see file.h). */
#include "partyfood/file.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *pf_file_read(const char *path, size_t max, size_t *len, pf_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        pf_error_set(err, PF_E_IO, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            if (cap > max) {
                fclose(f);
                free(buf);
                pf_error_set(err, PF_E_TOO_LARGE, "%s is larger than %zu bytes", path, max);
                return NULL;
            }
            size_t ncap = cap ? cap * 2 : 65536;
            if (ncap > max + 1)
                ncap = max + 1;
            char *nb = realloc(buf, ncap + 1);
            if (!nb) {
                fclose(f);
                free(buf);
                pf_error_set(err, PF_E_NO_MEMORY, "out of memory reading %s", path);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        pf_error_set(err, PF_E_IO, "cannot read %s", path);
        return NULL;
    }
    if (n > max) {
        free(buf);
        pf_error_set(err, PF_E_TOO_LARGE, "%s is larger than %zu bytes", path, max);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* The process's umask, read without changing it: umask(2) can only be read
 * by setting it, which would race with threads creating files. */
static mode_t current_umask(void)
{
    unsigned mask = 022;
    FILE *f = fopen("/proc/self/status", "r");
    char line[128];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "Umask: %o", &mask) == 1)
            break;
    if (f)
        fclose(f);
    return (mode_t)mask;
}

static pf_err write_fail(pf_error *err, const char *path, const char *tmp, int fd)
{
    int saved = errno;
    if (fd >= 0)
        close(fd);
    if (tmp)
        unlink(tmp);
    return pf_error_set(err, PF_E_IO, "cannot write %s: %s", path, strerror(saved));
}

/* Syncs the folder holding path, so the rename itself survives a power cut. */
static void sync_dir_of(const char *path)
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", path);
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

pf_err pf_file_write_atomic(const char *path, const void *data, size_t len, pf_error *err)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= sizeof tmp)
        return pf_error_set(err, PF_E_IO, "the path is too long");
    int fd = mkstemp(tmp); /* O_CREAT|O_EXCL: never opens a planted symlink */
    if (fd < 0)
        return write_fail(err, path, NULL, -1);
    /* mkstemp makes the file 0600; a save or chart is an ordinary file. */
    fchmod(fd, 0666 & ~current_umask());
    const char *p = data;
    size_t left = len;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return write_fail(err, path, tmp, fd);
        p += w;
        left -= (size_t)w;
    }
    if (fsync(fd) != 0)
        return write_fail(err, path, tmp, fd);
    if (close(fd) != 0)
        return write_fail(err, path, tmp, -1);
    if (rename(tmp, path) != 0)
        return write_fail(err, path, tmp, -1);
    sync_dir_of(path);
    return PF_E_OK;
}

/* Whether a file can be made in dir, tried as the write will make it:
 * access() says yes to root on a read-only or special file system. */
static bool can_make_file_in(const char *dir)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.partyfood-check.XXXXXX", dir) >= sizeof tmp)
        return false;
    int fd = mkstemp(tmp);
    if (fd < 0)
        return false;
    close(fd);
    unlink(tmp);
    return true;
}

pf_err pf_file_check_writable(const char *path, pf_error *err)
{
    char *copy = strdup(path);
    if (!copy)
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    struct stat st;
    const char *dir = dirname(copy);
    pf_err e = PF_E_OK;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        e = pf_error_set(err, PF_E_IO, "cannot write %s: no folder %s", path, dir);
    else if (!can_make_file_in(dir))
        e = pf_error_set(err, PF_E_IO, "cannot write %s: the folder %s is not writable", path,
                         dir);
    else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        e = pf_error_set(err, PF_E_IO, "cannot write %s: it is a folder", path);
    free(copy);
    return e;
}
