// SPDX-License-Identifier: Apache-2.0

#include "core/models/instancetemplatemodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<InstanceTemplateModel, InstanceTemplate>;

const std::array<Column, InstanceTemplateModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "Name"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant {
         return item.name.isEmpty() ? item.id : item.name;
     },
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant { return item.name; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "Workspace"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant { return item.workspace; }},
    // ImageColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "Image"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant {
         return Format::refName(item.image);
     }},
    // CloudInitColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "Cloud-init"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant {
         return item.cloudInitUsed ? InstanceTemplateModel::tr("Yes") : InstanceTemplateModel::tr("None");
     },
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant {
         return item.cloudInitUsed;
     }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "Created"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant {
         return Format::dateTime(item.createdAt);
     },
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::InstanceTemplateModel", "ID"),
     [](const InstanceTemplateModel&, const InstanceTemplate& item) -> QVariant { return item.id; }},
}};

} // namespace

InstanceTemplateModel::InstanceTemplateModel(QObject* parent)
    : ColumnTableModel<InstanceTemplateModel, InstanceTemplate>(columnTable, parent)
{}

} // namespace sfdesk
