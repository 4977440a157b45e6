// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QStyledItemDelegate>

namespace sfdesk {

// The editor of the Priority column: the API's levels in a combo box. The level chosen is not
// written into the model (the server's answer is): the view gets prioritySelected and sends it for
// the whole selection in one request.
class PriorityDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PriorityDelegate)

public:
    explicit PriorityDelegate(QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

Q_SIGNALS:
    void prioritySelected(const QString& priority);
};

} // namespace sfdesk
