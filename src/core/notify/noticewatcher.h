// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/notify/notice.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <functional>

class QAbstractItemModel;

namespace sfdesk {

class Session;

// Tells what changed in a connection's lists that the user wants to know about: an order filled or
// expired unfilled, a pool's capacity starting or ending in 40 minutes, an instance running. It
// watches the session's models (no polling of its own) and compares each row with how it was;
// what a list held when first read is the baseline, never told. Each thing is told once. A pool
// that owns nodes with no running or starting instance for more than an hour, as seen at the
// polls, is told once per such stretch.
class NoticeWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeWatcher)

public:
    enum class Source
    {
        Orders,
        Pools,
        Instances,
    };
    Q_ENUM(Source)

    // How long before a pool's capacity starts or ends the user is told.
    static constexpr qint64 CapacityWarningSecs = 40 * 60;
    // How long a pool owns nodes with no instance before the user is told.
    static constexpr qint64 IdleNoticeSecs = 3600;

    explicit NoticeWatcher(QObject* parent = nullptr);
    ~NoticeWatcher() override;

    // Models whose rows hold their value type in ResourceRole::ObjectRole (Order, Pool, Instance).
    void setModel(Source source, QAbstractItemModel* model);
    // The list has been read (even if empty): what it holds now is the baseline.
    void setLoaded(Source source, bool loaded);
    bool isLoaded(Source source) const { return m_sources.value(source).loaded; }

    // The session's models, with their loads; the session's lists that enabled kinds need are
    // watched while bound. Null unbinds.
    void bind(Session* session);

    // "Now" on the server's clock, for the capacity warnings.
    void setClock(std::function<qint64()> now);
    // The clock jumped (the server's offset became known): the next warning is timed again, and
    // the idle stretches are looked at.
    void clockChanged();

    void setEnabled(Notice::Kind kind, bool enabled);
    bool isEnabled(Notice::Kind kind) const { return !m_disabled.contains(kind); }

    // When the next capacity warning is due (0: none), for tests.
    qint64 nextWarningAt() const { return m_nextWarningAt; }

Q_SIGNALS:
    void noticed(const sfdesk::Notice& notice);

private:
    struct Tracked
    {
        QPointer<QAbstractItemModel> model;
        QList<QMetaObject::Connection> connections;
        bool loaded = false;
    };
    struct OrderState
    {
        Order::Status status = Order::Status::Unknown;
        qint64 filledNodes = 0;
        qsizetype fills = 0;
    };

    void scan(Source source);
    void scanOrders(bool tell);
    void scanPools(bool tell);
    void scanInstances(bool tell);
    void checkCapacity(bool tell);
    // Idle stretches of the pools, at each poll of the pools or instances and each account check.
    void checkIdle();
    void scheduleNextWarning();
    void tell(const QString& key, const Notice& notice);
    void updateWatching();
    qint64 now() const;

    QHash<Source, Tracked> m_sources;
    QSet<Notice::Kind> m_disabled;
    QHash<QString, OrderState> m_orders;
    QHash<QString, Instance::Status> m_instances;
    QHash<QString, Pool> m_pools;
    // Pool id: since when (server's clock) it has been seen owning nodes with no instance.
    QHash<QString, qint64> m_idleSince;
    // What was told (or was the baseline), so that nothing is told twice.
    QSet<QString> m_told;
    std::function<qint64()> m_now;
    QTimer m_warningTimer;
    qint64 m_nextWarningAt = 0;
    QPointer<Session> m_session;
    QList<QMetaObject::Connection> m_sessionConnections;
    QSet<int> m_watched;
};

} // namespace sfdesk
