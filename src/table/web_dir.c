/* web_dir.c: finding the browser client's folder (web_dir.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "partyfood/web_dir.h"

const char *pf_web_dir(char *buf, size_t n)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        if (snprintf(buf, n, "%s/%s/index.html", exe, PF_WEB_INSTALL_REL) < (int)n &&
            access(buf, R_OK) == 0) {
            *strrchr(buf, '/') = '\0';
            return buf;
        }
    }
    if (snprintf(buf, n, "%s/index.html", PF_WEB_SOURCE_DIR) < (int)n && access(buf, R_OK) == 0)
        return PF_WEB_SOURCE_DIR;
    return NULL;
}
