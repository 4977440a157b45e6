// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QPointer>

#include <deque>

namespace sfdesk {

class ApiCall;
class ApiClient;

// The calls a client has made: those in flight first, then the most recent finished ones. Feeds
// the activity panel, which lets the user see what the app is waiting for and cancel it.
class ActivityModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActivityModel)

public:
    enum Column
    {
        RequestColumn,
        StateColumn,
        AttemptsColumn,
        StartedColumn,
        DurationColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    enum class State
    {
        InFlight,
        Succeeded,
        Failed,
        Cancelled,
    };
    Q_ENUM(State)

    // Roles beyond Qt's.
    enum Role
    {
        StateRole = Qt::UserRole + 1, // State as int
        ErrorRole,                    // the failure's sentence, empty otherwise
    };

    explicit ActivityModel(QObject* parent = nullptr);
    ~ActivityModel() override;

    // Follows this client's calls from now on; null stops following. Rows already listed stay.
    void setClient(ApiClient* client);
    // How many finished calls are kept.
    void setHistoryLimit(int limit);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int inFlightCount() const;
    bool canCancel(int row) const;
    // Cancels the call of that row if it is still in flight; the row then says "Cancelled".
    void cancel(int row);
    // Drops every finished row.
    void clearFinished();

Q_SIGNALS:
    void inFlightCountChanged(int count);

private:
    struct Entry
    {
        quint64 serial = 0;
        QPointer<ApiCall> call;
        QString description;
        State state = State::InFlight;
        int attempts = 0;
        QDateTime started;
        qint64 elapsedMs = -1; // until finished
        QString error;
    };

    void track(ApiCall* call);
    void finish(quint64 serial, State state, const QString& error);
    int rowOf(quint64 serial) const;
    void trimHistory();

    QPointer<ApiClient> m_client;
    QMetaObject::Connection m_started;
    std::deque<Entry> m_rows; // in flight first, newest first within each group
    quint64 m_nextSerial = 1;
    int m_historyLimit = 200;
};

} // namespace sfdesk
