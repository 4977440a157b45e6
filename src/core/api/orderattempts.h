// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

#include <QCoreApplication>

#include <functional>
#include <optional>

namespace sfdesk {

// The Idempotency-Keys of the user's attempts at placing orders. The client repeats one call with
// one key by itself; this carries a key over to the user's next attempt at the identical order
// while nobody knows whether the last one was placed (the answer was lost, came too late, was a
// 5xx or could not be read): the server then answers with the order it already placed instead of
// placing a second. A changed order, or an attempt whose outcome is known, gets a new key.
//
// With a file, the attempts of unknown outcome outlive the app: the file holds each order's
// request and key (nothing secret), is replaced atomically on every change and read at start. An
// attempt is settled when the orders list shows an order that it placed, and forgotten when the
// server forgets its key (a day after it was sent). Several running copies may share the file:
// each change is merged into what the file holds now, under a lock, so that none drops another's
// attempts.
class OrderAttempts final
{
    Q_DECLARE_TR_FUNCTIONS(OrderAttempts)

public:
    // At most this many orders of unknown outcome are remembered; the oldest goes first.
    static constexpr int MaxUnknown = 32;
    // How long the server keeps an Idempotency-Key.
    static constexpr qint64 KeyLifetime = 24 * 3600;

    // Reads the attempts kept in `path` and keeps them there from now on; an empty path keeps
    // them in memory only. A file that cannot be read is moved aside (to `path`.unreadable) and
    // described by problem().
    void setFile(const QString& path);
    QString file() const { return m_file; }
    // Why the file could not be read or written, for the user; empty when it could.
    QString problem() const { return m_problem; }
    // Why the last change could not be saved, for the user (what it means: after a restart an order
    // of unknown outcome may be placed twice); empty when it was.
    QString saveProblem() const { return m_saveProblem; }
    // The wall clock in Unix seconds (tests move it): keys expire by it.
    void setClock(std::function<qint64()> clock);
    // The server's clock as far as it is known, which the orders' creation times are by; the wall
    // clock without one.
    void setServerClock(std::function<qint64()> clock);

    // The key to send for `request`: that of the last attempt at the identical order if its
    // outcome is unknown, a new one otherwise.
    QByteArray keyFor(const OrderRequest& request) const;
    // How an attempt sent with `key` ended; a default ApiError (Kind::None) is success.
    void finished(const OrderRequest& request, const QByteArray& key, const ApiError& error);
    // Whether the last attempt at `request` may or may not have placed it.
    bool isOutcomeUnknown(const OrderRequest& request) const;
    int unknownCount() const;

    // Matches the attempts of unknown outcome with `orders` (the orders list): an order of the same pool,
    // side, SKU, window, size and limit, created after the attempt was sent (give or take the clocks'
    // difference) and not claimed by another, is the one the attempt placed; its key is then no longer kept.
    // Returns whether an attempt was settled.
    bool settle(const QList<Order>& orders);
    // The id of the order an earlier attempt at `request` turned out to have placed (found by
    // settle()), which the user has not been shown yet.
    QString placedEarlier(const OrderRequest& request) const;
    // The user was shown that order: the next attempt at `request` is a new order.
    void forget(const OrderRequest& request);

    // Whether the server may have placed an order although the call failed: anything but an
    // answer that refuses the order (a 4xx, except those that say the request was not looked at
    // yet: 408, 409, 425, 429) or a request the client never sent.
    static bool leavesOutcomeUnknown(const ApiError& error);

private:
    struct Attempt
    {
        OrderRequest request;
        QByteArray key;
        // When it was first sent, by the wall clock and by the server's.
        qint64 sentAt = 0;
        qint64 serverSentAt = 0;
        // The order it placed, once the orders list shows it.
        QString orderId;
    };
    qint64 now() const;
    qint64 serverNow() const;
    // What tells an attempt apart in the file: its key, or once settled, its order.
    static QByteArray identity(const Attempt& attempt);
    // Removes the attempts `drop` picks, and remembers that this copy removed them.
    template <typename Predicate> void remove(Predicate drop);
    void expire();
    // The attempts in the file, or nullopt (and why) when it cannot be read.
    static std::optional<QList<Attempt>> read(const QString& path, QString* why);
    void load();
    // This copy's attempts with those another copy wrote to the file since it was last read.
    QList<Attempt> merged(const QList<Attempt>& onDisk) const;
    void save();

    QList<Attempt> m_unknown;
    QString m_file;
    QString m_problem;
    QString m_saveProblem;
    // The identities in the file when this copy last read or wrote it, and those this copy
    // removed since: a difference from the file is another copy's doing.
    QSet<QByteArray> m_onDisk;
    QSet<QByteArray> m_removed;
    std::function<qint64()> m_clock;
    std::function<qint64()> m_serverClock;
};

} // namespace sfdesk
