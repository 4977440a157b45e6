#include "core/models/skumodel.h"

#include "core/models/format.h"

namespace {

QString acceleratorText(const InstanceSku& sku)
{
    const QString count = sku.property(QStringLiteral("num_accelerators"));
    const QString name = sku.displayProperty(QStringLiteral("accelerator"));
    if (count.isEmpty())
        return name;
    return SkuModel::tr("%1 × %2").arg(count, name);
}

} // namespace

SkuModel::SkuModel(QObject* parent)
    : ResourceTableModel<InstanceSku>(parent)
{}

QString SkuModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case AcceleratorColumn:
        return tr("Accelerator");
    case VcpusColumn:
        return tr("vCPUs");
    case MemoryColumn:
        return tr("Memory");
    case StorageColumn:
        return tr("Storage");
    case RegionColumn:
        return tr("Region");
    case ZoneColumn:
        return tr("Zone");
    case InterconnectColumn:
        return tr("Interconnect");
    case FabricColumn:
        return tr("Fabric");
    case AvailableNowColumn:
        return tr("Available now");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant SkuModel::cell(const InstanceSku& item, int column, int role) const
{
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.alias;
        case AcceleratorColumn:
            return acceleratorText(item);
        case VcpusColumn:
            return item.displayProperty(QStringLiteral("num_vcpus"));
        case MemoryColumn:
            return item.displayProperty(QStringLiteral("memory"));
        case StorageColumn:
            return item.displayProperty(QStringLiteral("local_storage"));
        case RegionColumn:
            return item.displayProperty(QStringLiteral("region"));
        case ZoneColumn:
            return item.displayProperty(QStringLiteral("availability_zone"));
        case InterconnectColumn:
            return item.displayProperty(QStringLiteral("rdma_type"));
        case FabricColumn:
            return item.displayProperty(QStringLiteral("infiniband_fabric"));
        case AvailableNowColumn:
            return QString::number(scheduleNodesAt(item.availability, m_clock->nowSecs()));
        case IdColumn:
            return item.id;
        case ColumnCount:
            break;
        }
    }
    if (role == ResourceRole::RawRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return QVariant::fromValue(item.alias);
        case AcceleratorColumn:
            return QVariant::fromValue(item.property(QStringLiteral("accelerator")));
        case VcpusColumn:
            return QVariant::fromValue(item.property(QStringLiteral("num_vcpus")).toLongLong());
        case MemoryColumn:
            return QVariant::fromValue(item.property(QStringLiteral("memory")).toLongLong());
        case StorageColumn:
            return QVariant::fromValue(item.property(QStringLiteral("local_storage")).toLongLong());
        case RegionColumn:
            return QVariant::fromValue(item.property(QStringLiteral("region")));
        case ZoneColumn:
            return QVariant::fromValue(item.property(QStringLiteral("availability_zone")));
        case InterconnectColumn:
            return QVariant::fromValue(item.property(QStringLiteral("rdma_type")));
        case FabricColumn:
            return QVariant::fromValue(item.property(QStringLiteral("infiniband_fabric")));
        case AvailableNowColumn:
            return QVariant::fromValue(scheduleNodesAt(item.availability, m_clock->nowSecs()));
        case IdColumn:
            return QVariant::fromValue(item.id);
        case ColumnCount:
            break;
        }
    }
    return {};
}

void SkuModel::setClock(const Clock* clock)
{
    m_clock = clock ? clock : Clock::system();
    touchAll();
}

void SkuModel::refreshSkus(const QList<InstanceSku>& skus)
{
    m_skus = skus;
    QList<InstanceSku> merged = skus;
    for (InstanceSku& sku : merged)
        sku.availability = m_availability.value(sku.id);
    refresh(merged);
}

void SkuModel::setAvailability(const QList<SkuAvailability>& availability)
{
    m_availability.clear();
    for (const SkuAvailability& entry : availability)
        m_availability.insert(entry.sku.id, entry.schedule);
    refreshSkus(m_skus);
}
