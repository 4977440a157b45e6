// SPDX-License-Identifier: Apache-2.0

#include "core/models/workspacemodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<WorkspaceModel, Workspace>;

const std::array<Column, WorkspaceModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::WorkspaceModel", "Name"),
     [](const WorkspaceModel&, const Workspace& item) -> QVariant { return item.name; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::WorkspaceModel", "Created"),
     [](const WorkspaceModel&, const Workspace& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const WorkspaceModel&, const Workspace& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::WorkspaceModel", "ID"),
     [](const WorkspaceModel&, const Workspace& item) -> QVariant { return item.id; }},
}};

} // namespace

WorkspaceModel::WorkspaceModel(QObject* parent)
    : ColumnTableModel<WorkspaceModel, Workspace>(columnTable, parent)
{}

QVariant WorkspaceModel::otherRole(const Workspace& item, int role) const
{
    return role == ResourceRole::StatusRole ? QVariant(item.id) : QVariant();
}

} // namespace sfdesk
