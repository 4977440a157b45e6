// SPDX-License-Identifier: Apache-2.0

#include "core/models/imagemodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<ImageModel, Image>;

const std::array<Column, ImageModel::ColumnCount> columnTable{{
    // NameColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "Name"),
     [](const ImageModel&, const Image& item) -> QVariant { return item.name; }},
    // WorkspaceColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "Workspace"),
     [](const ImageModel&, const Image& item) -> QVariant { return item.workspace; }},
    // VisibilityColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "Visibility"),
     [](const ImageModel&, const Image& item) -> QVariant {
         return item.isPublic ? ImageModel::tr("Public") : ImageModel::tr("Private");
     },
     [](const ImageModel&, const Image& item) -> QVariant { return item.isPublic; }},
    // StatusColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "Status"),
     [](const ImageModel&, const Image& item) -> QVariant { return Format::imageStatus(item); },
     [](const ImageModel&, const Image& item) -> QVariant { return item.statusText; }},
    // CreatedColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "Created"),
     [](const ImageModel&, const Image& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const ImageModel&, const Image& item) -> QVariant { return item.createdAt; }},
    // IdColumn
    {QT_TRANSLATE_NOOP("sfdesk::ImageModel", "ID"),
     [](const ImageModel&, const Image& item) -> QVariant { return item.id; }},
}};

} // namespace

ImageModel::ImageModel(QObject* parent)
    : ColumnTableModel<ImageModel, Image>(columnTable, parent)
{}

} // namespace sfdesk
