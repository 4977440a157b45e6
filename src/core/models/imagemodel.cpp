#include "core/models/imagemodel.h"

#include "core/models/format.h"

ImageModel::ImageModel(QObject* parent)
    : ResourceTableModel<Image>(parent)
{}

QString ImageModel::header(int column) const
{
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return tr("Name");
    case WorkspaceColumn:
        return tr("Workspace");
    case VisibilityColumn:
        return tr("Visibility");
    case StatusColumn:
        return tr("Status");
    case CreatedColumn:
        return tr("Created");
    case IdColumn:
        return tr("ID");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ImageModel::cell(const Image& item, int column, int role) const
{
    if (role == ResourceRole::StatusRole)
        return item.statusText;
    if (role == ResourceRole::WorkspaceRole)
        return item.workspaceId;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (static_cast<Column>(column)) {
        case NameColumn:
            return item.name;
        case WorkspaceColumn:
            return item.workspace;
        case VisibilityColumn:
            return item.isPublic ? tr("Public") : tr("Private");
        case StatusColumn:
            return Format::imageStatus(item);
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
        case VisibilityColumn:
            return QVariant::fromValue(item.isPublic);
        case StatusColumn:
            return QVariant::fromValue(item.statusText);
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
