/* sha256.h: SHA-256, the digest of the replay check (replay.c).
 *
 * From the system's library: OpenSSL natively (src/core/platform.c), libmd
 * in the WebAssembly module (src/core/wasm/platform.c, docs/offline.md). */
#ifndef PARTYFOOD_SHA256_H
#define PARTYFOOD_SHA256_H

#include <stdbool.h>
#include <stddef.h>

#define PF_SHA256_BYTES 32

/* The digest of the n bytes at data; false when the library failed. */
bool pf_sha256(const void *data, size_t n, unsigned char out[PF_SHA256_BYTES]);

#endif
