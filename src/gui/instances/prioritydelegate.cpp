// SPDX-License-Identifier: Apache-2.0

#include "gui/instances/prioritydelegate.h"

#include "core/models/instancemodel.h"
#include "core/models/resourcetablemodel.h"

#include <QComboBox>

namespace sfdesk {

PriorityDelegate::PriorityDelegate(QObject* parent)
    : QStyledItemDelegate(parent)
{}

QWidget* PriorityDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&,
                                        const QModelIndex&) const
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("priorityEditor"));
    combo->setAccessibleName(tr("Priority"));
    combo->setAccessibleDescription(
        tr("Applies to every selected instance; lower priorities stop first when a "
           "pool's nodes run short"));
    for (const QString& level : InstanceModel::priorities())
        combo->addItem(InstanceModel::priorityText(level), level);
    // A choice made with the mouse (or Enter in the list) is the answer.
    connect(combo, &QComboBox::activated, this, [this, combo] {
        auto* self = const_cast<PriorityDelegate*>(this);
        Q_EMIT self->commitData(combo);
        Q_EMIT self->closeEditor(combo);
    });
    return combo;
}

void PriorityDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* combo = qobject_cast<QComboBox*>(editor);
    const int level = index.data(ResourceRole::RawRole).toInt();
    if (combo && level >= 0)
        combo->setCurrentIndex(level);
}

void PriorityDelegate::setModelData(QWidget* editor, QAbstractItemModel*, const QModelIndex&) const
{
    // The selection may hold other levels than this row's: the choice goes to all of them, even
    // when it is this row's own.
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        Q_EMIT const_cast<PriorityDelegate*>(this)->prioritySelected(combo->currentData().toString());
}

} // namespace sfdesk
