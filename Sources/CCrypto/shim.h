#ifndef LEAVENOW_CCRYPTO_SHIM_H
#define LEAVENOW_CCRYPTO_SHIM_H

/*
 * OpenSSL's libcrypto, used only for HMAC-SHA256 (webhook signatures).
 * No hand-written cryptography: HMAC() and EVP_sha256() do the work.
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
