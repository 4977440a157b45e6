#include "core/models/fabricmodel.h"

#include "core/models/format.h"

namespace {

QString skuNames(const QList<ObjectRef>& skus)
{
    QStringList names;
    for (const ObjectRef& sku : skus)
        names.append(sku.name.isEmpty() ? sku.id : sku.name);
    return names.join(QStringLiteral(", "));
}

} // namespace

FabricModel::FabricModel(QObject* parent)
    : ResourceTableModel<InfinibandFabric>(parent)
{}

QString FabricModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Fabric");
    case RegionColumn:
        return tr("Region");
    case ZoneColumn:
        return tr("Zone");
    case SkusColumn:
        return tr("SKUs");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant FabricModel::cell(const InfinibandFabric& item, int column, int role) const
{
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name;
        case RegionColumn:
            return item.region;
        case ZoneColumn:
            return item.availabilityZone;
        case SkusColumn:
            return skuNames(item.instanceSkus);
        case IdColumn:
            return item.id;
        case ColumnCount:
            break;
        }
    }
    if (role == ResourceRole::RawRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return QVariant::fromValue(item.name);
        case RegionColumn:
            return QVariant::fromValue(item.region);
        case ZoneColumn:
            return QVariant::fromValue(item.availabilityZone);
        case SkusColumn:
            return QVariant::fromValue(static_cast<qint64>(item.instanceSkus.size()));
        case IdColumn:
            return QVariant::fromValue(item.id);
        case ColumnCount:
            break;
        }
    }
    return {};
}
