// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/notify/notice.h"

#include <QAbstractTableModel>

namespace sfdesk {

// The notices of this run, newest first: the activity panel's list, which is all the user gets
// where the desktop has no notification service.
class NoticeLog final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeLog)

public:
    enum Column
    {
        TimeColumn,
        NoticeColumn,
        DetailsColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    // Enough for a long day; older notices go.
    static constexpr int MaxNotices = 200;

    explicit NoticeLog(QObject* parent = nullptr);
    ~NoticeLog() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void add(const Notice& notice);
    void clear();
    const Notice& at(int row) const { return m_notices.at(row); }

private:
    QList<Notice> m_notices;
};

} // namespace sfdesk
