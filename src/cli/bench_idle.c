/* bench_idle.c: idle connections from several processes (bench_idle.h).
 * Each process opens its share one after the other with plain sockets and
 * a minimal WebSocket client (the handshake, one masked text frame out,
 * unmasked frames in): a connection costs the tool a descriptor and
 * nothing else, so thousands fit in one process. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/bench_idle.h"

/* Source addresses 127.0.0.2 to 127.0.0.250: every one is the loopback's. */
#define FIRST_ADDRESS 2
#define ADDRESSES 249

static bool write_all(int fd, const void *p, size_t n)
{
    for (const char *c = p; n > 0;) {
        ssize_t w = write(fd, c, n);
        if (w <= 0)
            return false;
        c += w, n -= (size_t)w;
    }
    return true;
}

static bool read_all(int fd, void *p, size_t n)
{
    for (char *c = p; n > 0;) {
        ssize_t r = read(fd, c, n);
        if (r <= 0)
            return false;
        c += r, n -= (size_t)r;
    }
    return true;
}

/* Reads one frame's payload into buf (n bytes; a longer one is read and
 * cut); false when the connection failed or closed. */
static bool read_frame(int fd, char *buf, size_t n)
{
    unsigned char h[2];
    uint64_t len;
    if (!read_all(fd, h, 2) || (h[0] & 0x0f) == 8) /* a close */
        return false;
    len = h[1] & 0x7f;
    if (len >= 126) {
        unsigned char ext[8];
        size_t k = len == 126 ? 2 : 8;
        if (!read_all(fd, ext, k))
            return false;
        len = 0;
        for (size_t i = 0; i < k; i++)
            len = len << 8 | ext[i];
    }
    for (uint64_t got = 0; got < len;) {
        char scrap[4096];
        size_t want = len - got < sizeof scrap ? (size_t)(len - got) : sizeof scrap;
        if (!read_all(fd, scrap, want))
            return false;
        if (got < n - 1)
            memcpy(buf + got, scrap, got + want < n - 1 ? want : n - 1 - got);
        got += want;
    }
    buf[len < n - 1 ? len : n - 1] = '\0';
    return true;
}

/* One connection from 127.0.0.src: upgraded, its hello said and answered;
 * the socket, or -1. */
static int connect_one(int port, int src, const char *hello)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct timeval tv = {10, 0}; /* a server that does not answer fails the run */
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in from = {.sin_family = AF_INET}, to = {.sin_family = AF_INET};
    from.sin_addr.s_addr = htonl(0x7f000000u | (uint32_t)src);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    to.sin_port = htons((uint16_t)port);
    static const char upgrade[] = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                  "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                  "Sec-WebSocket-Key: cGFydHlmb29kIGJlbmNoIQ==\r\n\r\n";
    char head[1024] = "";
    size_t got = 0;
    if (bind(fd, (struct sockaddr *)&from, sizeof from) != 0 ||
        connect(fd, (struct sockaddr *)&to, sizeof to) != 0 ||
        !write_all(fd, upgrade, sizeof upgrade - 1))
        goto fail;
    while (got < sizeof head - 1 && !strstr(head, "\r\n\r\n")) {
        ssize_t r = read(fd, head + got, 1); /* no byte past the headers: a frame may follow */
        if (r <= 0)
            goto fail;
        head[++got] = '\0';
    }
    if (strncmp(head, "HTTP/1.1 101", 12) != 0)
        goto fail;
    /* The hello, masked as a client must (with a mask of zeros), in one
     * write: its header alone would wait for the server's delayed ACK
     * (Nagle), 40 ms a connection. */
    size_t n = strlen(hello);
    unsigned char frame[6 + 125] = {0x81, 0x80 | (unsigned char)n, 0, 0, 0, 0};
    char answer[256], sync[256];
    if (n > 125)
        goto fail;
    memcpy(frame + 6, hello, n);
    if (!write_all(fd, frame, 6 + n) ||
        !read_frame(fd, answer, sizeof answer) || !strstr(answer, "\"ok\":true") ||
        !read_frame(fd, sync, sizeof sync) || !strstr(sync, "\"push\":\"sync\""))
        goto fail;
    return fd;
fail:
    close(fd);
    return -1;
}

/* A process's share: connections first, first + procs, ... of n. */
static long hold(int port, long first, long n, int procs, const bench_idle_room *rooms,
                 int nrooms)
{
    long held = 0;
    for (long k = first; k < n; k += procs) {
        const bench_idle_room *r = &rooms[k % nrooms];
        long ordinal = k / nrooms; /* the room's seats first, then spectators */
        char hello[128];
        if (ordinal < 2)
            snprintf(hello, sizeof hello, "{\"cmd\":\"hello\",\"room\":\"%s\",\"token\":\"%s\"}",
                     r->code, r->token[ordinal]);
        else
            snprintf(hello, sizeof hello, "{\"cmd\":\"hello\",\"room\":\"%s\"}", r->code);
        held += connect_one(port, FIRST_ADDRESS + (int)(k % ADDRESSES), hello) >= 0;
    }
    return held;
}

bool bench_idle_open(bench_idle *idle, int port, long n, int procs, const bench_idle_room *rooms,
                     int nrooms)
{
    *idle = (bench_idle){0};
    if (procs > (int)(sizeof idle->pid / sizeof *idle->pid))
        procs = (int)(sizeof idle->pid / sizeof *idle->pid);
    for (int i = 0; i < procs; i++) {
        int fds[2];
        if (pipe(fds) != 0)
            return false;
        pid_t pid = fork();
        if (pid < 0)
            return false;
        if (pid == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlives the tool */
            close(fds[0]);
            struct rlimit rl;
            if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
                rl.rlim_cur = rl.rlim_max;
                setrlimit(RLIMIT_NOFILE, &rl);
            }
            char line[32];
            int len = snprintf(line, sizeof line, "%ld\n", hold(port, i, n, procs, rooms, nrooms));
            write_all(fds[1], line, (size_t)len);
            for (;;) /* holds them until the tool ends it */
                pause();
        }
        close(fds[1]);
        idle->pid[idle->procs] = pid;
        idle->out[idle->procs++] = fds[0];
    }
    for (int i = 0; i < idle->procs; i++) {
        char line[32] = "";
        ssize_t r = read(idle->out[i], line, sizeof line - 1);
        idle->held += r > 0 ? atol(line) : 0;
    }
    return true;
}

void bench_idle_close(bench_idle *idle)
{
    for (int i = 0; i < idle->procs; i++) {
        kill(idle->pid[i], SIGKILL);
        waitpid(idle->pid[i], NULL, 0);
        close(idle->out[i]);
    }
    idle->procs = 0;
}
