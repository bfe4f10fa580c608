/* platform.c: what the core asks of the system, on Linux: fresh seeds
 * (getrandom) and SHA-256 (OpenSSL). The WebAssembly module has its own
 * (wasm/platform.c).
 *
 * A seed and the list of actions give every future draw, so the seed of a
 * game in play is a secret: it comes from the kernel's generator, never
 * from the clock or the process id, which a player could guess. The
 * simulator and tests keep their fixed, reproducible seeds. */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/evp.h>

#include "partyfood/rng.h"
#include "partyfood/sha256.h"

pf_err pf_seed_random(uint64_t *seed, pf_error *err)
{
    for (;;) {
        ssize_t n = getrandom(seed, sizeof *seed, 0);
        if (n == (ssize_t)sizeof *seed)
            return PF_E_OK;
        if (n < 0 && errno != EINTR)
            return pf_error_set(err, PF_E_IO, "no random seed from the system: %s",
                                strerror(errno));
    }
}

bool pf_sha256(const void *data, size_t n, unsigned char out[PF_SHA256_BYTES])
{
    unsigned int len = 0;
    return EVP_Digest(data, n, out, &len, EVP_sha256(), NULL) == 1 && len == PF_SHA256_BYTES;
}
