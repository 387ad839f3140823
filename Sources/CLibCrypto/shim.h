// The system OpenSSL libcrypto (Debian: libssl-dev, pkg-config "libcrypto"), used only for
// SHA-256 through its EVP digest interface (FIPS 180-4), to hash decoded frame pixels.
// Linux only: on Apple platforms PixelDigest uses CommonCrypto from the SDK (docs/PLATFORMS.md).
#include <openssl/evp.h>
