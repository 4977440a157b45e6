// SPDX-License-Identifier: Apache-2.0

#include "core/models/activitymodel.h"

#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/util/plaintext.h"

#include <QLocale>

#include <algorithm>

namespace sfdesk {

ActivityModel::ActivityModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

ActivityModel::~ActivityModel() = default;

void ActivityModel::setClient(ApiClient* client)
{
    if (m_client == client)
        return;
    disconnect(m_started);
    m_client = client;
    if (client)
        m_started = connect(client, &ApiClient::callStarted, this, &ActivityModel::track);
}

void ActivityModel::setHistoryLimit(int limit)
{
    m_historyLimit = qMax(0, limit);
    trimHistory();
}

int ActivityModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ActivityModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ActivityModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& entry = m_rows[static_cast<size_t>(index.row())];
    if (role == StateRole)
        return static_cast<int>(entry.state);
    if (role == ErrorRole)
        return entry.error;
    if (role == Qt::ToolTipRole)
        return PlainText::toolTip(entry.error.isEmpty() ? entry.description
                                                        : entry.description + u'\n' + entry.error);
    if (role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(index.column())) {
    case RequestColumn:
        return entry.description;
    case StateColumn:
        switch (entry.state) {
        case State::InFlight:
            return tr("In flight");
        case State::Succeeded:
            return tr("Done");
        case State::Failed:
            return tr("Failed: %1").arg(entry.error);
        case State::Cancelled:
            return tr("Cancelled");
        }
        break;
    case AttemptsColumn:
        return QString::number(entry.attempts);
    case StartedColumn:
        return QLocale().toString(entry.started.toLocalTime().time(), QLocale::LongFormat);
    case DurationColumn:
        return entry.elapsedMs < 0 ? QString() : tr("%1 ms").arg(entry.elapsedMs);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ActivityModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case RequestColumn:
        return tr("Request");
    case StateColumn:
        return tr("State");
    case AttemptsColumn:
        return tr("Attempts");
    case StartedColumn:
        return tr("Started");
    case DurationColumn:
        return tr("Duration");
    case ColumnCount:
        break;
    }
    return {};
}

int ActivityModel::inFlightCount() const
{
    return static_cast<int>(std::count_if(m_rows.begin(), m_rows.end(),
                                          [](const Entry& e) { return e.state == State::InFlight; }));
}

bool ActivityModel::canCancel(int row) const
{
    if (row < 0 || row >= rowCount())
        return false;
    const Entry& entry = m_rows[static_cast<size_t>(row)];
    return entry.state == State::InFlight && entry.call && !entry.call->isFinished();
}

void ActivityModel::cancel(int row)
{
    if (canCancel(row))
        m_rows[static_cast<size_t>(row)].call->cancel();
}

void ActivityModel::clearFinished()
{
    const int firstFinished = inFlightCount();
    if (firstFinished >= rowCount())
        return;
    beginRemoveRows({}, firstFinished, rowCount() - 1);
    m_rows.erase(m_rows.begin() + firstFinished, m_rows.end());
    endRemoveRows();
}

void ActivityModel::track(ApiCall* call)
{
    const quint64 serial = m_nextSerial++;
    beginInsertRows({}, 0, 0);
    Entry entry;
    entry.serial = serial;
    entry.call = call;
    entry.description = call->description();
    entry.started = QDateTime::currentDateTimeUtc();
    m_rows.push_front(std::move(entry));
    endInsertRows();
    Q_EMIT inFlightCountChanged(inFlightCount());

    connect(call, &ApiCall::succeeded, this, [this, serial] { finish(serial, State::Succeeded, {}); });
    connect(call, &ApiCall::failed, this, [this, serial](const ApiError& error) {
        if (error.kind() == ApiError::Kind::Cancelled)
            finish(serial, State::Cancelled, {});
        else
            finish(serial, State::Failed, error.message());
    });
    // A call destroyed without reporting (its client went away) is not left "in flight".
    connect(call, &QObject::destroyed, this, [this, serial] { finish(serial, State::Cancelled, {}); });
}

void ActivityModel::finish(quint64 serial, State state, const QString& error)
{
    const int row = rowOf(serial);
    if (row < 0 || m_rows[static_cast<size_t>(row)].state != State::InFlight)
        return;
    Entry entry = std::move(m_rows[static_cast<size_t>(row)]);
    entry.state = state;
    entry.error = error;
    entry.attempts = entry.call ? entry.call->attempts() : entry.attempts;
    entry.elapsedMs = entry.started.msecsTo(QDateTime::currentDateTimeUtc());
    entry.call = nullptr;

    // Finished rows go to the top of the history, just below what is still in flight.
    const int inFlightAfter = inFlightCount() - 1;
    if (row != inFlightAfter) {
        const int destination = inFlightAfter > row ? inFlightAfter + 1 : inFlightAfter;
        beginMoveRows({}, row, row, {}, destination);
        m_rows.erase(m_rows.begin() + row);
        m_rows.insert(m_rows.begin() + inFlightAfter, std::move(entry));
        endMoveRows();
    } else {
        m_rows[static_cast<size_t>(row)] = std::move(entry);
    }
    Q_EMIT dataChanged(index(inFlightAfter, 0), index(inFlightAfter, ColumnCount - 1));
    Q_EMIT inFlightCountChanged(inFlightAfter);
    trimHistory();
}

int ActivityModel::rowOf(quint64 serial) const
{
    const auto it =
        std::find_if(m_rows.begin(), m_rows.end(), [serial](const Entry& e) { return e.serial == serial; });
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

void ActivityModel::trimHistory()
{
    const int keep = inFlightCount() + m_historyLimit;
    if (rowCount() <= keep)
        return;
    beginRemoveRows({}, keep, rowCount() - 1);
    m_rows.erase(m_rows.begin() + keep, m_rows.end());
    endRemoveRows();
}

} // namespace sfdesk
