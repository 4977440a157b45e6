// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace sfdesk {

namespace CloudInit {

// The user-data formats cloud-init tells apart by the first line (cloudinit/handlers/__init__.py).
enum class UserDataType
{
    Unknown,
    CloudConfig,
    Jinja,
    ShellScript,
    Boothook,
    Include,
    IncludeOnce,
    CloudConfigArchive,
    CloudConfigJsonp,
    PartHandler,
    MultipartMime,
    Gzip
};

// Detects the type as cloud-init does: content lower-cased and left-stripped, longest prefix wins.
UserDataType detectUserDataType(QByteArrayView data);
// The MIME type cloud-init uses for the type ("text/cloud-config"), empty for Unknown.
QString mimeTypeOf(UserDataType type);
// The headers cloud-init accepts, in the order its error message lists them.
QString knownHeadersText();

// The payload's size: raw bytes and the length of its base64 encoding, which is what is sent.
// The published API document (sfcompute-preview-v2) states the limit on the field itself:
// cloud_init_user_data is "Base64-encoded cloud-init user data. Maximum 64KB." The field's value
// is the base64 text, so the limit is read as 64 KiB of base64, about 48 KiB of text; the editor,
// the checker and the command line all go by it.
struct PayloadSize
{
    qint64 raw = 0;
    qint64 base64 = 0;
    // The base64 length once gzip-compressed; measured only when base64 is over the limit (else 0).
    qint64 gzipBase64 = 0;
    // The most cloud_init_user_data holds: 64 KiB of base64 text.
    static constexpr qint64 limit = 64 * 1024;

    bool rawExceeds() const { return raw > limit; }
    bool base64Exceeds() const { return base64 > limit; }
};

PayloadSize payloadSize(QByteArrayView data);

// The largest file the editor opens and the command-line validator reads: user data is limited to
// 64 KiB, so this only keeps a wrong or hostile file from being read whole.
inline constexpr qint64 maxUserDataFileBytes = 4 * 1024 * 1024;

// gzip (RFC 1952), the compression cloud-init recognises by its magic bytes and undoes before it
// looks at the content (zlib's own format, as qCompress writes it, is not recognised).
QByteArray gzipCompress(QByteArrayView data);
// The decompressed data, or nullopt when data is not whole gzip or inflates past maxSize bytes.
std::optional<QByteArray> gzipDecompress(QByteArrayView data, qsizetype maxSize);

} // namespace CloudInit

} // namespace sfdesk
