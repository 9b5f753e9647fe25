#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/crypto.h>

/* EVP_PKEY_PUBLIC_KEY is a macro expression Swift cannot import. */
static const int CLibCrypto_EVP_PKEY_PUBLIC_KEY = EVP_PKEY_PUBLIC_KEY;
#endif
