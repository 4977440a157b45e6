// SPDX-License-Identifier: Apache-2.0

// Instance SKUs: references, the select the routes read them with, and their JSON.

#include "sim/resources/catalogroom.h"

#include "sim/market/marketjson.h"
#include "sim/resources/resourcerows.h"
#include "sim/resources/simallocation.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QJsonDocument>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

const QString skuSelect =
    u"SELECT s.*, f.name AS fabric_name FROM instance_skus s LEFT JOIN fabrics f ON f.id = s.fabric_id"_s;
QJsonObject property(const QJsonValue& value, const QString& display)
{
    return {{u"value"_s, value}, {u"display_value"_s, display}};
}

QString bytesDisplay(qint64 bytes)
{
    const qint64 gib = bytes / (1024ll * 1024 * 1024);
    if (gib >= 1024 && gib % 1024 != 0 && gib % 512 == 0)
        return QLocale::c().toString(static_cast<double>(gib) / 1024.0, 'f', 1) + u" TiB"_s;
    if (gib >= 1024 && gib % 1024 == 0)
        return QString::number(gib / 1024) + u" TiB"_s;
    return QLocale(QLocale::English).toString(gib) + u" GiB"_s;
}

// A pool as compact JSON, keys in sorted order; `schedule` is its allocation schedule, written
// (or jsonout::lateValue on a page). This is sfsim's one pool writer.

} // namespace

QSqlRecord CatalogRoom::findSku(const QString& ref, const QString& field)
{
    const QString id = canonicalId(ref, skuIds);
    auto row = m_store.row(skuSelect + u" WHERE s.id = ? OR s.alias = ?"_s, {id, ref});
    if (!row) {
        throw resourcerows::notFound(u"Instance SKU %1 not found."_s.arg(ref), field);
    }
    return *row;
}

QJsonObject CatalogRoom::skuJson(const QSqlRecord& r) const
{
    const QString rdma = r.value(u"rdma_type"_s).toString();
    const qint64 accelerators = r.value(u"num_accelerators"_s).toLongLong();
    const bool ipv4 = r.value(u"supports_public_ipv4"_s).toBool();
    QJsonObject o{
        {u"object"_s, u"instance_sku"_s},
        {u"id"_s, r.value(u"id"_s).toString()},
        {u"alias"_s, r.value(u"alias"_s).toString()},
        {u"region"_s, property(r.value(u"region"_s).toString(), r.value(u"region"_s).toString())},
        {u"availability_zone"_s, property(r.value(u"zone"_s).toString(), r.value(u"zone"_s).toString())},
        {u"accelerator"_s,
         property(r.value(u"accelerator"_s).toString(), r.value(u"accelerator_display"_s).toString())},
        {u"form_factor"_s,
         property(r.value(u"form_factor"_s).toString(), r.value(u"form_factor"_s).toString().toUpper())},
        {u"rdma_type"_s,
         rdma.isEmpty() ? QJsonValue(QJsonValue::Null)
                        : QJsonValue(property(rdma, rdma == u"infiniband"_s ? u"InfiniBand"_s : u"RoCE"_s))},
        {u"num_accelerators"_s, property(accelerators, QString::number(accelerators))},
        {u"num_vcpus"_s, property(r.value(u"num_vcpus"_s).toLongLong(),
                                  QString::number(r.value(u"num_vcpus"_s).toLongLong()))},
        {u"memory"_s,
         property(r.value(u"memory"_s).toLongLong(), bytesDisplay(r.value(u"memory"_s).toLongLong()))},
        {u"local_storage"_s, property(r.value(u"local_storage"_s).toLongLong(),
                                      bytesDisplay(r.value(u"local_storage"_s).toLongLong()))},
        {u"supports_public_ipv4"_s, property(ipv4, ipv4 ? u"Yes"_s : u"No"_s)},
        {u"audience_hint"_s, r.value(u"audience_hint"_s).isNull()
                                 ? QJsonValue(QJsonValue::Null)
                                 : QJsonValue(r.value(u"audience_hint"_s).toString())},
    };
    const QString fabric = r.value(u"fabric_name"_s).toString();
    o.insert(u"infiniband_fabric"_s,
             fabric.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(property(fabric, fabric)));
    return o;
}

const QString& CatalogRoom::skuSelectSql()
{
    return skuSelect;
}

} // namespace sfsim
