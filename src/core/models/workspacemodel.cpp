#include "core/models/workspacemodel.h"

#include "core/models/format.h"

WorkspaceModel::WorkspaceModel(QObject* parent)
    : ResourceTableModel<Workspace>(parent)
{}

QString WorkspaceModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant WorkspaceModel::cell(const Workspace& item, int column, int role) const
{
    if (role == ResourceRole::StatusRole)
        return item.id;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name;
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
