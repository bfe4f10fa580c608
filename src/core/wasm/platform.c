/* wasm/platform.c: what the core asks of the system, in the WebAssembly
 * module (in place of ../platform.c): fresh seeds from WASI's random_get
 * (getentropy; the page answers it with crypto.getRandomValues), and
 * SHA-256 from libmd, compiled from Debian's source package, since the
 * module cannot link OpenSSL (docs/offline.md). */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <sha2.h>

#include "partyfood/rng.h"
#include "partyfood/sha256.h"

pf_err pf_seed_random(uint64_t *seed, pf_error *err)
{
    if (getentropy(seed, sizeof *seed) == 0)
        return PF_E_OK;
    return pf_error_set(err, PF_E_IO, "no random seed from the system: %s", strerror(errno));
}

bool pf_sha256(const void *data, size_t n, unsigned char out[PF_SHA256_BYTES])
{
    SHA2_CTX ctx;
    SHA256Init(&ctx);
    SHA256Update(&ctx, data, n);
    SHA256Final(out, &ctx);
    return true;
}
