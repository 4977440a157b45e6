// SPDX-License-Identifier: Apache-2.0

#include "core/notify/noticewatcher.h"

#include "common/constvalue.h"
#include "core/market/idlecapacity.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/resourcetablemodel.h"
#include "core/models/session.h"

#include <QAbstractItemModel>
#include <QDateTime>

#include <algorithm>

namespace sfdesk {

namespace {

template <typename T> QList<T> rowsOf(const QAbstractItemModel* model)
{
    QList<T> rows;
    if (!model)
        return rows;
    const int count = model->rowCount();
    rows.reserve(count);
    for (int row = 0; row < count; ++row)
        rows.append(model->index(row, 0).data(ResourceRole::ObjectRole).value<T>());
    return rows;
}

QString orderName(const Order& order)
{
    const QString sku = order.sku.name.isEmpty() ? order.sku.id : order.sku.name;
    return sku.isEmpty() ? order.id : QStringLiteral("%1 (%2)").arg(sku, order.id);
}

QString poolName(const Pool& pool)
{
    return pool.name.isEmpty() ? pool.id : pool.name;
}

// Where a pool's owned capacity begins (from none) or ends (to none), in time order.
struct Boundary
{
    qint64 at = 0;
    bool starts = false;
};

QList<Boundary> boundaries(const Pool& pool)
{
    QList<qint64> points;
    for (const ScheduleEntry& entry : pool.total) {
        points.append(entry.startAt);
        if (entry.endAt)
            points.append(*entry.endAt);
    }
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    QList<Boundary> found;
    for (const qint64 at : std::as_const(points)) {
        const int before = scheduleNodesAt(pool.total, at - 1);
        const int after = scheduleNodesAt(pool.total, at);
        if (before == 0 && after > 0)
            found.append({at, true});
        else if (before > 0 && after == 0)
            found.append({at, false});
    }
    return found;
}

QString boundaryKey(const Pool& pool, const Boundary& boundary)
{
    return QStringLiteral("pool:%1:%2:%3")
        .arg(pool.id, boundary.starts ? QStringLiteral("start") : QStringLiteral("end"))
        .arg(boundary.at);
}

} // namespace

NoticeWatcher::NoticeWatcher(QObject* parent)
    : QObject(parent)
    , m_now([] { return QDateTime::currentSecsSinceEpoch(); })
{
    // Queued connections and signal spies carry notices by value.
    qRegisterMetaType<Notice>();
    m_warningTimer.setSingleShot(true);
    m_warningTimer.setTimerType(Qt::VeryCoarseTimer);
    connect(&m_warningTimer, &QTimer::timeout, this,
            [this] { checkCapacity(m_sources.value(Source::Pools).loaded); });
}

NoticeWatcher::~NoticeWatcher()
{
    bind(nullptr);
}

void NoticeWatcher::setModel(Source source, QAbstractItemModel* model)
{
    Tracked& tracked = m_sources[source];
    for (const auto& connection : std::as_const(tracked.connections))
        disconnect(connection);
    tracked.connections.clear();
    tracked.model = model;
    tracked.loaded = false;
    switch (source) {
    case Source::Orders:
        m_orders.clear();
        break;
    case Source::Pools:
        m_pools.clear();
        break;
    case Source::Instances:
        m_instances.clear();
        break;
    }
    if (source != Source::Orders)
        m_idleSince.clear();
    if (!model) {
        scheduleNextWarning();
        return;
    }
    const auto rescan = [this, source] { scan(source); };
    tracked.connections = {
        connect(model, &QAbstractItemModel::dataChanged, this, rescan),
        connect(model, &QAbstractItemModel::rowsInserted, this, rescan),
        connect(model, &QAbstractItemModel::rowsRemoved, this, rescan),
        connect(model, &QAbstractItemModel::modelReset, this, rescan),
        connect(model, &QObject::destroyed, this, [this, source] { m_sources[source].connections.clear(); }),
    };
    scan(source);
}

void NoticeWatcher::setLoaded(Source source, bool loaded)
{
    Tracked& tracked = m_sources[source];
    if (tracked.loaded == loaded)
        return;
    // The rows as read first are the baseline: taken (untold) before the list counts as loaded.
    if (loaded)
        scan(source);
    tracked.loaded = loaded;
    // Idle stretches are timed from when both lists are known.
    if (source != Source::Orders)
        checkIdle();
}

void NoticeWatcher::bind(Session* session)
{
    for (const auto& connection : std::as_const(m_sessionConnections))
        disconnect(connection);
    m_sessionConnections.clear();
    if (m_session) {
        for (const int resource : std::as_const(m_watched))
            m_session->unwatchInBackground(static_cast<Session::Resource>(resource));
    }
    m_watched.clear();
    m_session = session;
    // What was told of another connection says nothing about this one.
    m_told.clear();
    setModel(Source::Orders, session ? session->orders() : nullptr);
    setModel(Source::Pools, session ? session->pools() : nullptr);
    setModel(Source::Instances, session ? session->instances() : nullptr);
    if (!session)
        return;
    const auto sourceOf = [](Session::Resource resource) -> std::optional<Source> {
        switch (resource) {
        case Session::Resource::Orders:
            return Source::Orders;
        case Session::Resource::Pools:
            return Source::Pools;
        case Session::Resource::Instances:
            return Source::Instances;
        default:
            return std::nullopt;
        }
    };
    m_sessionConnections = {
        connect(session, &Session::listLoaded, this,
                [this, sourceOf](Session::Resource resource) {
                    if (const auto source = sourceOf(resource))
                        setLoaded(*source, true);
                }),
        // Another workspace's rows are not news: the next read is a baseline again.
        connect(session, &Session::workspaceChanged, this,
                [this] {
                    for (const Source source : {Source::Orders, Source::Pools, Source::Instances})
                        setLoaded(source, false);
                }),
        // The session's cadence: an idle stretch grows with time even when no list changes.
        connect(session, &Session::accountChecked, this, &NoticeWatcher::checkIdle),
        connect(session, &QObject::destroyed, this, [this] { m_sessionConnections.clear(); }),
    };
    for (const Session::Resource resource :
         {Session::Resource::Orders, Session::Resource::Pools, Session::Resource::Instances}) {
        if (session->isLoaded(resource))
            setLoaded(*sourceOf(resource), true);
    }
    updateWatching();
}

void NoticeWatcher::setClock(std::function<qint64()> now)
{
    m_now = std::move(now);
    clockChanged();
}

void NoticeWatcher::clockChanged()
{
    checkCapacity(m_sources.value(Source::Pools).loaded);
    checkIdle();
}

void NoticeWatcher::setEnabled(Notice::Kind kind, bool enabled)
{
    if (enabled == isEnabled(kind))
        return;
    if (enabled)
        m_disabled.remove(kind);
    else
        m_disabled.insert(kind);
    updateWatching();
}

void NoticeWatcher::updateWatching()
{
    if (!m_session)
        return;
    // A list is read while a kind told from it is on, whether or not a page shows it: while no page
    // shows it, every Session::BackgroundEvery poll intervals (a notice may come that much later).
    const QList<std::pair<Session::Resource, bool>> wanted{
        {Session::Resource::Orders,
         isEnabled(Notice::Kind::OrderFilled) || isEnabled(Notice::Kind::OrderExpired)},
        {Session::Resource::Pools,
         isEnabled(Notice::Kind::CapacitySoon) || isEnabled(Notice::Kind::PoolIdle)},
        {Session::Resource::Instances,
         isEnabled(Notice::Kind::InstanceRunning) || isEnabled(Notice::Kind::PoolIdle)},
    };
    for (const auto& [resource, want] : wanted) {
        const int key = static_cast<int>(resource);
        if (want && !m_watched.contains(key)) {
            m_watched.insert(key);
            m_session->watchInBackground(resource);
        } else if (!want && m_watched.contains(key)) {
            m_watched.remove(key);
            m_session->unwatchInBackground(resource);
        }
    }
}

qint64 NoticeWatcher::now() const
{
    return m_now ? m_now() : QDateTime::currentSecsSinceEpoch();
}

void NoticeWatcher::scan(Source source)
{
    const bool tellChanges = m_sources.value(source).loaded;
    switch (source) {
    case Source::Orders:
        scanOrders(tellChanges);
        break;
    case Source::Pools:
        scanPools(tellChanges);
        break;
    case Source::Instances:
        scanInstances(tellChanges);
        break;
    }
    if (source != Source::Orders)
        checkIdle();
}

void NoticeWatcher::tell(const QString& key, const Notice& notice)
{
    if (m_told.contains(key))
        return;
    m_told.insert(key);
    if (isEnabled(notice.kind))
        Q_EMIT noticed(notice);
}

void NoticeWatcher::scanOrders(bool tellChanges)
{
    QHash<QString, OrderState> current;
    const QList<Order> orders = rowsOf<Order>(m_sources.value(Source::Orders).model);
    for (const Order& order : orders) {
        // A procurement buys and sells hour by hour on its own: its orders are not news, what they
        // do to the pool is (the owned capacity notices).
        if (!order.procurement.isEmpty())
            continue;
        const OrderState state{order.status, OrderModel::filledNodes(order), order.fills.size()};
        current.insert(order.id, state);
        const QString filledKey =
            QStringLiteral("order:%1:filled:%2:%3").arg(order.id).arg(state.filledNodes).arg(state.fills);
        const auto before = m_orders.constFind(order.id);
        if (!tellChanges) {
            m_told.insert(filledKey);
            continue;
        }
        const bool known = before != m_orders.cend();
        const bool moreFilled =
            state.filledNodes > 0
            && (!known || state.filledNodes > before->filledNodes || state.fills > before->fills
                || (state.status == Order::Status::Filled && before->status != Order::Status::Filled));
        if (moreFilled) {
            Notice notice;
            notice.kind = Notice::Kind::OrderFilled;
            const bool whole = state.status == Order::Status::Filled;
            notice.title = whole ? tr("Order filled") : tr("Order partly filled");
            notice.text =
                whole ? tr("%1: %n node(s) filled.", nullptr, int(state.filledNodes)).arg(orderName(order))
                      : tr("%1: %n node(s) filled so far.", nullptr, int(state.filledNodes))
                            .arg(orderName(order));
            notice.section = QStringLiteral("orders");
            notice.targetId = order.id;
            notice.at = now();
            tell(filledKey, notice);
        }
        // A standing order that reaches its end unfilled is cancelled by the market then; one
        // cancelled before its end was cancelled by someone, which is not news.
        const bool wasWaiting =
            known && (before->status == Order::Status::Standing || before->status == Order::Status::Pending);
        const bool reachedItsEnd =
            order.cancelledAt ? *order.cancelledAt >= order.endAt() : now() >= order.endAt();
        if (wasWaiting && order.status == Order::Status::Cancelled && state.filledNodes == 0
            && reachedItsEnd) {
            Notice notice;
            notice.kind = Notice::Kind::OrderExpired;
            notice.title = tr("Order expired unfilled");
            notice.text = tr("%1 ended with nothing filled.").arg(orderName(order));
            notice.section = QStringLiteral("orders");
            notice.targetId = order.id;
            notice.at = now();
            tell(QStringLiteral("order:%1:expired").arg(order.id), notice);
        }
    }
    m_orders = std::move(current);
}

void NoticeWatcher::scanInstances(bool tellChanges)
{
    QHash<QString, Instance::Status> current;
    const QList<Instance> instances = rowsOf<Instance>(m_sources.value(Source::Instances).model);
    for (const Instance& instance : instances) {
        current.insert(instance.id, instance.status);
        const QString key = QStringLiteral("instance:%1:running").arg(instance.id);
        if (instance.status != Instance::Status::Running)
            continue;
        if (!tellChanges) {
            m_told.insert(key);
            continue;
        }
        const auto before = m_instances.constFind(instance.id);
        if (before != m_instances.cend() && *before == Instance::Status::Running)
            continue;
        Notice notice;
        notice.kind = Notice::Kind::InstanceRunning;
        notice.title = tr("Instance running");
        notice.text = tr("%1 is running.").arg(instance.name.isEmpty() ? instance.id : instance.name);
        notice.section = QStringLiteral("instances");
        notice.targetId = instance.id;
        notice.at = now();
        tell(key, notice);
    }
    m_instances = std::move(current);
}

void NoticeWatcher::scanPools(bool tellChanges)
{
    m_pools.clear();
    for (const Pool& pool : constValue(rowsOf<Pool>(m_sources.value(Source::Pools).model)))
        m_pools.insert(pool.id, pool);
    checkCapacity(tellChanges);
}

void NoticeWatcher::checkCapacity(bool tellChanges)
{
    const qint64 t = now();
    for (const Pool& pool : std::as_const(m_pools)) {
        for (const Boundary& boundary : constValue(boundaries(pool))) {
            // Due from 40 minutes before until the moment itself; later it is no warning.
            if (t < boundary.at - CapacityWarningSecs || t >= boundary.at)
                continue;
            const QString key = boundaryKey(pool, boundary);
            if (!tellChanges) {
                m_told.insert(key);
                continue;
            }
            const qint64 minutes = std::max<qint64>(1, (boundary.at - t + 59) / 60);
            Notice notice;
            notice.kind = Notice::Kind::CapacitySoon;
            notice.title = boundary.starts ? tr("Capacity starts soon") : tr("Capacity ends soon");
            notice.text = boundary.starts
                              ? tr("Pool %1: capacity starts in %n minute(s), at %2.", nullptr, int(minutes))
                                    .arg(poolName(pool), Format::dateTime(boundary.at))
                              : tr("Pool %1: capacity ends in %n minute(s), at %2.", nullptr, int(minutes))
                                    .arg(poolName(pool), Format::dateTime(boundary.at));
            notice.section = QStringLiteral("pools");
            notice.targetId = pool.id;
            notice.at = t;
            tell(key, notice);
        }
    }
    scheduleNextWarning();
}

void NoticeWatcher::checkIdle()
{
    // Both lists are needed: pools without their instances would all look idle.
    if (!m_sources.value(Source::Pools).loaded || !m_sources.value(Source::Instances).loaded) {
        m_idleSince.clear();
        return;
    }
    const qint64 t = now();
    const QList<Instance> instances = rowsOf<Instance>(m_sources.value(Source::Instances).model);
    QHash<QString, qint64> idleSince;
    for (const Pool& pool : std::as_const(m_pools)) {
        const int owned = pool.nodesAt(t);
        if (owned <= 0 || IdleCapacity::idleNodesAt(pool, instances, t) < owned)
            continue;
        // A stretch starts when first seen: what went before the app looked is not known.
        const qint64 since = m_idleSince.value(pool.id, t);
        idleSince.insert(pool.id, since);
        if (t - since <= IdleNoticeSecs)
            continue;
        Notice notice;
        notice.kind = Notice::Kind::PoolIdle;
        notice.title = tr("Pool idle");
        notice.text = tr("Pool %1 has owned %n node(s) with no instance on them since %2.", nullptr, owned)
                          .arg(poolName(pool), Format::dateTime(since));
        notice.section = QStringLiteral("pools");
        notice.targetId = pool.id;
        notice.at = t;
        tell(QStringLiteral("pool:%1:idle:%2").arg(pool.id).arg(since), notice);
    }
    m_idleSince = std::move(idleSince);
}

void NoticeWatcher::scheduleNextWarning()
{
    // One timer, to the next warning of any pool; every change of the pools sets it again.
    const qint64 t = now();
    qint64 next = 0;
    for (const Pool& pool : std::as_const(m_pools)) {
        for (const Boundary& boundary : constValue(boundaries(pool))) {
            const qint64 due = boundary.at - CapacityWarningSecs;
            if (due > t && (next == 0 || due < next))
                next = due;
        }
    }
    m_nextWarningAt = next;
    if (next == 0) {
        m_warningTimer.stop();
        return;
    }
    // Long waits are cut to an hour: the computer may sleep, and the clock may be set.
    const qint64 wait = std::min<qint64>(next - t, 3600);
    m_warningTimer.start(std::chrono::seconds(wait));
}

} // namespace sfdesk
