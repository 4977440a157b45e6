// SPDX-License-Identifier: Apache-2.0

#include "core/api/orderattempts.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "common/money.h"
#include "core/api/apiclient.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>

#include <algorithm>
#include <utility>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

// The server's clock is known to the second or so, and may have moved since: an order created a
// little before the attempt was sent, by the server's clock as then known, may still be its order.
constexpr qint64 ClockSlack = 600;

// How long a save waits for another running copy that is saving the same file.
constexpr int LockWaitMs = 1000;

QJsonObject toJson(const OrderRequest& r)
{
    return {{u"pool"_s, r.pool},
            {u"side"_s, r.side},
            {u"sku"_s, r.sku},
            {u"start_at"_s, r.startAt},
            {u"end_at"_s, r.endAt},
            {u"node_count"_s, r.nodeCount},
            {u"limit_price"_s, r.limitPrice},
            {u"allow_standing"_s, r.allowStanding},
            {u"allow_partial"_s, r.allowPartial}};
}

OrderRequest requestFromJson(const QJsonObject& o)
{
    OrderRequest r;
    r.pool = o.value(u"pool"_s).toString();
    r.side = o.value(u"side"_s).toString();
    r.sku = o.value(u"sku"_s).toString();
    r.startAt = o.value(u"start_at"_s).toInteger();
    r.endAt = o.value(u"end_at"_s).toInteger();
    r.nodeCount = o.value(u"node_count"_s).toInt();
    r.limitPrice = o.value(u"limit_price"_s).toString();
    r.allowStanding = o.value(u"allow_standing"_s).toBool();
    r.allowPartial = o.value(u"allow_partial"_s).toBool();
    return r;
}

// The server keeps a limit to per-minute precision.
bool samePrice(const QString& typed, const Price& listed)
{
    const auto rate = Money::parseRate(typed);
    return rate && Money::roundToMinutePrecision(*rate) == Money::roundToMinutePrecision(listed.micros);
}

bool placedBy(const Order& order, const OrderRequest& r)
{
    return order.pool.id == r.pool && order.side == r.side && order.sku.id == r.sku
           && order.startAt() == r.startAt && order.endAt() == r.endAt && order.nodeCount() == r.nodeCount
           && samePrice(r.limitPrice, order.limitPrice);
}

} // namespace

void OrderAttempts::setFile(const QString& path)
{
    if (path == m_file)
        return;
    m_file = path;
    m_unknown.clear();
    m_problem.clear();
    m_saveProblem.clear();
    m_onDisk.clear();
    m_removed.clear();
    load();
}

void OrderAttempts::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
}

qint64 OrderAttempts::now() const
{
    return m_clock ? m_clock() : QDateTime::currentSecsSinceEpoch();
}

void OrderAttempts::setServerClock(std::function<qint64()> clock)
{
    m_serverClock = std::move(clock);
}

qint64 OrderAttempts::serverNow() const
{
    return m_serverClock ? m_serverClock() : now();
}

QByteArray OrderAttempts::keyFor(const OrderRequest& request) const
{
    const qint64 at = now();
    const auto it = std::find_if(m_unknown.cbegin(), m_unknown.cend(), [&](const Attempt& attempt) {
        return attempt.request == request && attempt.orderId.isEmpty() && at - attempt.sentAt < KeyLifetime;
    });
    return it != m_unknown.cend() ? it->key : ApiClient::newIdempotencyKey();
}

void OrderAttempts::finished(const OrderRequest& request, const QByteArray& key, const ApiError& error)
{
    // A retried key keeps the times it was first sent: the server forgets it a day after that, and
    // the order it may have placed was created after that.
    qint64 sentAt = now();
    qint64 serverSentAt = serverNow();
    for (const Attempt& attempt : std::as_const(m_unknown)) {
        if (attempt.request == request && attempt.key == key) {
            sentAt = attempt.sentAt;
            serverSentAt = attempt.serverSentAt;
        }
    }
    remove([&request](const Attempt& attempt) { return attempt.request == request; });
    expire();
    if (error.isError() && leavesOutcomeUnknown(error)) {
        m_unknown.append({request, key, sentAt, serverSentAt, QString()});
        if (m_unknown.size() > MaxUnknown) {
            m_removed.insert(identity(m_unknown.constFirst()));
            m_unknown.removeFirst();
        }
    }
    save();
}

bool OrderAttempts::isOutcomeUnknown(const OrderRequest& request) const
{
    const qint64 at = now();
    return std::any_of(m_unknown.cbegin(), m_unknown.cend(), [&](const Attempt& attempt) {
        return attempt.request == request && attempt.orderId.isEmpty() && at - attempt.sentAt < KeyLifetime;
    });
}

int OrderAttempts::unknownCount() const
{
    return int(std::count_if(m_unknown.cbegin(), m_unknown.cend(),
                             [](const Attempt& attempt) { return attempt.orderId.isEmpty(); }));
}

bool OrderAttempts::settle(const QList<Order>& orders)
{
    const qsizetype before = m_unknown.size();
    expire();
    bool settled = m_unknown.size() != before;
    for (Attempt& attempt : m_unknown) {
        if (!attempt.orderId.isEmpty())
            continue;
        for (const Order& order : orders) {
            const bool claimed = std::any_of(m_unknown.cbegin(), m_unknown.cend(),
                                             [&order](const Attempt& a) { return a.orderId == order.id; });
            if (!claimed && order.createdAt >= attempt.serverSentAt - ClockSlack
                && placedBy(order, attempt.request)) {
                // The order is known: its key is of no more use, and not kept.
                m_removed.insert(identity(attempt));
                attempt.orderId = order.id;
                attempt.key.clear();
                settled = true;
                break;
            }
        }
    }
    if (settled)
        save();
    return settled;
}

QString OrderAttempts::placedEarlier(const OrderRequest& request) const
{
    for (const Attempt& attempt : m_unknown) {
        if (attempt.request == request && !attempt.orderId.isEmpty())
            return attempt.orderId;
    }
    return {};
}

void OrderAttempts::forget(const OrderRequest& request)
{
    const qsizetype before = m_unknown.size();
    remove([&request](const Attempt& attempt) { return attempt.request == request; });
    if (m_unknown.size() != before)
        save();
}

QByteArray OrderAttempts::identity(const Attempt& attempt)
{
    return attempt.key.isEmpty() ? "order:" + attempt.orderId.toUtf8() : attempt.key;
}

template <typename Predicate> void OrderAttempts::remove(Predicate drop)
{
    m_unknown.removeIf([&](const Attempt& attempt) {
        if (!drop(attempt))
            return false;
        m_removed.insert(identity(attempt));
        return true;
    });
}

void OrderAttempts::expire()
{
    const qint64 at = now();
    remove([at](const Attempt& attempt) { return at - attempt.sentAt >= KeyLifetime; });
}

std::optional<QList<OrderAttempts::Attempt>> OrderAttempts::read(const QString& path, QString* why)
{
    QFile file(path);
    QJsonParseError error{};
    const QJsonDocument document =
        file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll(), &error) : QJsonDocument();
    if (!document.isObject() || !document.object().value(u"attempts"_s).isArray()) {
        *why = file.error() != QFileDevice::NoError      ? file.errorString()
               : error.error != QJsonParseError::NoError ? error.errorString()
                                                         : tr("it is not a list of order attempts");
        return std::nullopt;
    }
    QList<Attempt> attempts;
    for (const auto& value : constValue(document.object().value(u"attempts"_s).toArray())) {
        const QJsonObject o = value.toObject();
        Attempt attempt{requestFromJson(o.value(u"request"_s).toObject()),
                        o.value(u"idempotency_key"_s).toString().toLatin1(),
                        o.value(u"sent_at"_s).toInteger(),
                        o.value(u"server_sent_at"_s).toInteger(o.value(u"sent_at"_s).toInteger()),
                        o.value(u"order"_s).toString()};
        if ((!attempt.key.isEmpty() || !attempt.orderId.isEmpty()) && !attempt.request.pool.isEmpty())
            attempts.append(attempt);
    }
    return attempts;
}

void OrderAttempts::load()
{
    if (m_file.isEmpty() || !QFile::exists(m_file))
        return;
    QString why;
    if (const auto attempts = read(m_file, &why)) {
        m_unknown = *attempts;
        for (const Attempt& attempt : std::as_const(m_unknown))
            m_onDisk.insert(identity(attempt));
        expire();
        return;
    }
    // Unreadable (cut short, edited, another program's): the keys in it are lost, so orders whose
    // answer was lost may be placed again. Say so, and keep the file for whoever wants to look.
    const QString aside = m_file + u".unreadable"_s;
    QFile::remove(aside);
    const bool moved = QFile::rename(m_file, aside);
    m_problem =
        moved
            ? tr("The record of orders whose outcome is unknown could not be read (%1) and was moved to %2. "
                 "Check the orders list before placing an order again: an order placed before may be "
                 "placed twice.")
                  .arg(why, QDir::toNativeSeparators(aside))
            : tr("The record of orders whose outcome is unknown, %1, could not be read (%2). Check the "
                 "orders list before placing an order again: an order placed before may be placed twice.")
                  .arg(QDir::toNativeSeparators(m_file), why);
    qCWarning(lcApi).noquote() << m_problem;
}

QList<OrderAttempts::Attempt> OrderAttempts::merged(const QList<Attempt>& onDisk) const
{
    QSet<QByteArray> onDiskNow;
    for (const Attempt& attempt : onDisk)
        onDiskNow.insert(identity(attempt));
    QList<Attempt> all;
    QSet<QByteArray> taken;
    for (const Attempt& attempt : m_unknown) {
        const QByteArray id = identity(attempt);
        // In the file when this copy last saw it, gone now: another copy settled or dropped it.
        if (m_onDisk.contains(id) && !onDiskNow.contains(id))
            continue;
        all.append(attempt);
        taken.insert(id);
    }
    for (const Attempt& attempt : onDisk) {
        const QByteArray id = identity(attempt);
        // Another copy's attempt, unless this copy has it already or settled or dropped it.
        if (!taken.contains(id) && !m_removed.contains(id)) {
            all.append(attempt);
            taken.insert(id);
        }
    }
    // Oldest first, as they are dropped.
    std::stable_sort(all.begin(), all.end(),
                     [](const Attempt& a, const Attempt& b) { return a.sentAt < b.sentAt; });
    const qint64 at = now();
    all.removeIf([at](const Attempt& attempt) { return at - attempt.sentAt >= KeyLifetime; });
    while (all.size() > MaxUnknown)
        all.removeFirst();
    return all;
}

void OrderAttempts::save()
{
    if (m_file.isEmpty())
        return;
    const auto failed = [this](const QString& why) {
        const bool shown = m_problem == m_saveProblem;
        m_saveProblem =
            tr("The record of orders whose outcome is unknown could not be saved to %1 (%2): after a "
               "restart, such an order may be placed twice.")
                .arg(QDir::toNativeSeparators(m_file), why);
        if (m_problem.isEmpty() || shown)
            m_problem = m_saveProblem;
        qCWarning(lcApi).noquote() << m_saveProblem;
    };
    const QString folder = QFileInfo(m_file).absolutePath();
    if (!QDir().mkpath(folder)) {
        failed(tr("its folder %1 cannot be created").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    // Other running copies save to the same file: what they wrote since this copy last looked is
    // read again and kept, and none writes meanwhile.
    QLockFile lock(m_file + u".lock"_s);
    if (!lock.tryLock(LockWaitMs)) {
        failed(lock.error() == QLockFile::LockFailedError ? tr("another sfdesk window kept it locked")
                                                          : tr("its folder cannot be written"));
        return;
    }
    QList<Attempt> onDisk;
    QString unreadable;
    if (QFile::exists(m_file)) {
        // One that cannot be read holds nothing that could be kept: it is replaced.
        if (const auto attempts = read(m_file, &unreadable))
            onDisk = *attempts;
    }
    const QList<Attempt> all = merged(onDisk);
    QJsonArray attempts;
    for (const Attempt& attempt : all) {
        attempts.append(QJsonObject{{u"request"_s, toJson(attempt.request)},
                                    {u"idempotency_key"_s, QString::fromLatin1(attempt.key)},
                                    {u"sent_at"_s, attempt.sentAt},
                                    {u"server_sent_at"_s, attempt.serverSentAt},
                                    {u"order"_s, attempt.orderId}});
    }
    // Written whole or not at all: a crash while saving leaves the last complete list.
    QSaveFile file(m_file);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(QJsonObject{{u"attempts"_s, attempts}}).toJson(QJsonDocument::Compact))
               < 0
        || !file.commit()) {
        failed(file.errorString());
        return;
    }
    m_unknown = all;
    m_onDisk.clear();
    for (const Attempt& attempt : all)
        m_onDisk.insert(identity(attempt));
    m_removed.clear();
    if (m_problem == m_saveProblem)
        m_problem.clear();
    m_saveProblem.clear();
}

bool OrderAttempts::leavesOutcomeUnknown(const ApiError& error)
{
    switch (error.kind()) {
    case ApiError::Kind::None:
        return false;
    // Refused before anything was sent.
    case ApiError::Kind::InsecureUrl:
    case ApiError::Kind::Configuration:
    case ApiError::Kind::NotSignedIn:
        return false;
    // The request may have reached the server, and its answer got lost on the way back.
    case ApiError::Kind::Cancelled:
    case ApiError::Kind::Transport:
    case ApiError::Kind::Timeout:
    case ApiError::Kind::Tls:
    case ApiError::Kind::InvalidResponse:
        return true;
    case ApiError::Kind::Http:
        break;
    }
    const int status = error.httpStatus();
    if (status >= 500)
        return true;
    // Timeout, conflict (an attempt with the key still in progress), too early, too many requests:
    // the server set this request aside, and an earlier attempt of the same call may have placed it.
    return status == 408 || status == 409 || status == 425 || status == 429 || status < 400;
}

} // namespace sfdesk
