// SPDX-License-Identifier: Apache-2.0

#include "core/notify/noticelog.h"

#include "core/models/format.h"
#include "core/models/resourcetablemodel.h"
#include "core/util/plaintext.h"

namespace sfdesk {

NoticeLog::NoticeLog(QObject* parent)
    : QAbstractTableModel(parent)
{}

NoticeLog::~NoticeLog() = default;

int NoticeLog::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_notices.size());
}

int NoticeLog::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NoticeLog::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Notice& notice = m_notices.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return Format::dateTime(notice.at);
        case NoticeColumn:
            return notice.title;
        default:
            return notice.text;
        }
    case Qt::ToolTipRole:
        return PlainText::toolTip(tr("%1\nPress Enter or double-click to open it.").arg(notice.text));
    case ResourceRole::IdRole:
        return notice.targetId;
    case ResourceRole::ObjectRole:
        return QVariant::fromValue(notice);
    default:
        return {};
    }
}

QVariant NoticeLog::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case NoticeColumn:
        return tr("Notification");
    case DetailsColumn:
        return tr("Details");
    default:
        return {};
    }
}

void NoticeLog::add(const Notice& notice)
{
    if (m_notices.size() >= MaxNotices) {
        const int last = static_cast<int>(m_notices.size()) - 1;
        beginRemoveRows({}, last, last);
        m_notices.removeLast();
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);
    m_notices.prepend(notice);
    endInsertRows();
}

void NoticeLog::clear()
{
    if (m_notices.isEmpty())
        return;
    beginResetModel();
    m_notices.clear();
    endResetModel();
}

} // namespace sfdesk
