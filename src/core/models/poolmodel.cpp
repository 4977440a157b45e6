#include "core/models/poolmodel.h"

#include "core/models/format.h"

PoolModel::PoolModel(QObject* parent)
    : ResourceTableModel<Pool>(parent)
{}

QString PoolModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case WorkspaceColumn:
        return tr("Workspace");
    case KindColumn:
        return tr("Kind");
    case NodesNowColumn:
        return tr("Nodes now");
    case SkusColumn:
        return tr("SKUs");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PoolModel::cell(const Pool& item, int column, int role) const
{
    if (role == ResourceRole::WorkspaceRole)
        return item.workspaceId;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name;
        case WorkspaceColumn:
            return item.workspace;
        case KindColumn:
            return item.kind;
        case NodesNowColumn:
            return QString::number(item.nodesAt(m_clock->nowSecs()));
        case SkusColumn:
            return QString::number(item.bySku.size());
        case CreatedColumn:
            return Format::dateTime(item.createdAt);
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
        case WorkspaceColumn:
            return QVariant::fromValue(item.workspace);
        case KindColumn:
            return QVariant::fromValue(item.kind);
        case NodesNowColumn:
            return QVariant::fromValue(item.nodesAt(m_clock->nowSecs()));
        case SkusColumn:
            return QVariant::fromValue(static_cast<qint64>(item.bySku.size()));
        case CreatedColumn:
            return QVariant::fromValue(item.createdAt);
        case IdColumn:
            return QVariant::fromValue(item.id);
        case ColumnCount:
            break;
        }
    }
    return {};
}

void PoolModel::setClock(const Clock* clock)
{
    m_clock = clock ? clock : Clock::system();
    touchAll();
}
