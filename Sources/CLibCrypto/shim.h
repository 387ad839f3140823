// The system OpenSSL libcrypto (Debian: libssl-dev, pkg-config "libcrypto"), used only for
// SHA-256 through its EVP digest interface (FIPS 180-4), to hash decoded frame pixels.
#include <openssl/evp.h>
