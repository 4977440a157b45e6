#include "core/cloudinit/userdata.h"

#include <QStringList>

#include <array>

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
    PayloadSize size;
    size.raw = data.size();
    size.base64 = (data.size() + 2) / 3 * 4;
    return size;
}

} // namespace CloudInit
