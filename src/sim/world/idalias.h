// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringView>

namespace sfsim {

// The API's legacy id prefixes, each naming the same objects as a canonical one: vm_ instances,
// vmi_ images, cap_ pools and clus_ instance SKUs. Accepted wherever an id is read.
struct IdAlias
{
    QStringView canonical;
    QStringView legacy;
};
inline constexpr IdAlias instanceIds{u"inst", u"vm"};
inline constexpr IdAlias imageIds{u"image", u"vmi"};
inline constexpr IdAlias poolIds{u"pool", u"cap"};
inline constexpr IdAlias skuIds{u"isku", u"clus"};

// `ref` with the alias's canonical prefix where it has the legacy one; otherwise `ref` as it is.
inline QString canonicalId(const QString& ref, IdAlias alias)
{
    const qsizetype legacy = alias.legacy.size();
    if (ref.size() > legacy && ref.startsWith(alias.legacy) && ref.at(legacy) == u'_')
        return alias.canonical.toString() + ref.sliced(legacy);
    return ref;
}

} // namespace sfsim
