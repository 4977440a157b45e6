// SPDX-License-Identifier: Apache-2.0

#include "core/models/poolmodel.h"

#include "core/models/format.h"

#include <array>

namespace sfdesk {

namespace {

using Column = ResourceColumn<PoolModel, Pool>;

const std::array<Column, PoolModel::ColumnCount> columnTable{{
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Name"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.name; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Workspace"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.workspace; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Kind"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.kind; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Nodes now"),
     [](const PoolModel& model, const Pool& item) -> QVariant {
         return QString::number(item.nodesAt(model.nowSecs()));
     },
     [](const PoolModel& model, const Pool& item) -> QVariant { return item.nodesAt(model.nowSecs()); }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "SKUs"),
     [](const PoolModel&, const Pool& item) -> QVariant { return QString::number(item.bySku.size()); },
     [](const PoolModel&, const Pool& item) -> QVariant { return static_cast<qint64>(item.bySku.size()); }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "Created"),
     [](const PoolModel&, const Pool& item) -> QVariant { return Format::dateTime(item.createdAt); },
     [](const PoolModel&, const Pool& item) -> QVariant { return item.createdAt; }},
    {QT_TRANSLATE_NOOP("sfdesk::PoolModel", "ID"),
     [](const PoolModel&, const Pool& item) -> QVariant { return item.id; }},
}};

} // namespace

PoolModel::PoolModel(QObject* parent)
    : ColumnTableModel<PoolModel, Pool>(columnTable, parent)
{}

void PoolModel::setClock(const Clock* clock)
{
    m_clock = clock ? clock : Clock::system();
    touchAll();
}

} // namespace sfdesk
