// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/userdata.h"

#include <QStringList>

#include <array>

#include <zlib.h>

namespace sfdesk {

namespace CloudInit {

namespace {

struct Prefix
{
    const char* text;
    UserDataType type;
};

// Longest first, as cloud-init sorts them, so "#cloud-config-archive" wins over "#cloud-config".
constexpr std::array prefixes{
    Prefix{"content-type: multipart/mixed", UserDataType::MultipartMime},
    Prefix{"#cloud-config-archive", UserDataType::CloudConfigArchive},
    Prefix{"#cloud-config-jsonp", UserDataType::CloudConfigJsonp},
    Prefix{"## template: jinja", UserDataType::Jinja},
    Prefix{"#cloud-boothook", UserDataType::Boothook},
    Prefix{"#include-once", UserDataType::IncludeOnce},
    Prefix{"#cloud-config", UserDataType::CloudConfig},
    Prefix{"#part-handler", UserDataType::PartHandler},
    Prefix{"#include", UserDataType::Include},
    Prefix{"#!", UserDataType::ShellScript},
};

} // namespace

UserDataType detectUserDataType(QByteArrayView data)
{
    if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f
        && static_cast<unsigned char>(data[1]) == 0x8b)
        return UserDataType::Gzip;
    qsizetype start = 0;
    while (start < data.size() && QChar::isSpace(static_cast<unsigned char>(data[start])))
        ++start;
    const QByteArray head =
        data.sliced(start, std::min<qsizetype>(64, data.size() - start)).toByteArray().toLower();
    for (const Prefix& prefix : prefixes) {
        if (head.startsWith(prefix.text))
            return prefix.type;
    }
    return UserDataType::Unknown;
}

QString mimeTypeOf(UserDataType type)
{
    switch (type) {
    case UserDataType::Unknown:
        return {};
    case UserDataType::CloudConfig:
        return QStringLiteral("text/cloud-config");
    case UserDataType::Jinja:
        return QStringLiteral("text/jinja2");
    case UserDataType::ShellScript:
        return QStringLiteral("text/x-shellscript");
    case UserDataType::Boothook:
        return QStringLiteral("text/cloud-boothook");
    case UserDataType::Include:
        return QStringLiteral("text/x-include-url");
    case UserDataType::IncludeOnce:
        return QStringLiteral("text/x-include-once-url");
    case UserDataType::CloudConfigArchive:
        return QStringLiteral("text/cloud-config-archive");
    case UserDataType::CloudConfigJsonp:
        return QStringLiteral("text/cloud-config-jsonp");
    case UserDataType::PartHandler:
        return QStringLiteral("text/part-handler");
    case UserDataType::MultipartMime:
        return QStringLiteral("multipart/mixed");
    case UserDataType::Gzip:
        return QStringLiteral("application/x-gzip");
    }
    return {};
}

QString knownHeadersText()
{
    return QStringLiteral("#!, ## template: jinja, #cloud-boothook, #cloud-config, #cloud-config-archive, "
                          "#cloud-config-jsonp, #include, #include-once, #part-handler");
}

PayloadSize payloadSize(QByteArrayView data)
{
    const auto base64 = [](qint64 bytes) { return (bytes + 2) / 3 * 4; };
    PayloadSize size;
    size.raw = data.size();
    size.base64 = base64(data.size());
    // Beyond 32 times the limit, text does not compress enough to fit; spare the work.
    if (size.base64Exceeds() && size.raw <= 32 * PayloadSize::limit
        && detectUserDataType(data) != UserDataType::Gzip)
        size.gzipBase64 = base64(gzipCompress(data).size());
    return size;
}

QByteArray gzipCompress(QByteArrayView data)
{
    z_stream stream{};
    // 16 + 15: a gzip header and trailer around the deflate stream, with the largest window.
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&stream, uLong(data.size()))), Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = uInt(out.size());
    const int result = deflate(&stream, Z_FINISH);
    const qsizetype written = qsizetype(stream.total_out);
    deflateEnd(&stream);
    if (result != Z_STREAM_END)
        return {};
    out.truncate(written);
    return out;
}

std::optional<QByteArray> gzipDecompress(QByteArrayView data, qsizetype maxSize)
{
    z_stream stream{};
    if (inflateInit2(&stream, 16 + 15) != Z_OK)
        return std::nullopt;
    QByteArray out;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = uInt(data.size());
    int result = Z_OK;
    char buffer[16 * 1024];
    while (result == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(buffer);
        stream.avail_out = sizeof(buffer);
        result = inflate(&stream, Z_NO_FLUSH);
        if (result != Z_OK && result != Z_STREAM_END)
            break;
        out.append(buffer, qsizetype(sizeof(buffer) - stream.avail_out));
        if (out.size() > maxSize)
            result = Z_MEM_ERROR;
    }
    inflateEnd(&stream);
    if (result != Z_STREAM_END)
        return std::nullopt;
    return out;
}

} // namespace CloudInit

} // namespace sfdesk
