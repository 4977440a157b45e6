// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/market/plannerdata.h"
#include "core/market/windowsearch.h"

#include <QAbstractTableModel>
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>

namespace sfdesk {

class MarketBackend;
class Session;
class Settings;

// A window the user waits for: `nodes` nodes of `sku` for `duration` seconds, starting in
// `starts`, at no more than `maxRateMicros` per node-hour. It fires once, with the offer that met
// it, and is not checked after `expiresAt`.
struct PriceWatch
{
    QString id;
    QString sku;
    qint64 nodes = 1;
    qint64 duration = 3600;
    WindowSearch::StartRange starts;
    qint64 maxRateMicros = 0;
    qint64 expiresAt = 0;
    // The offer that met the price, once it did.
    std::optional<WindowSearch::Offer> fired;
    bool operator==(const PriceWatch&) const = default;

    bool isExpired(qint64 now) const { return now >= expiresAt || now > starts.latest; }
    // Still waited for: not fired, not expired.
    bool isActive(qint64 now) const { return !fired && !isExpired(now); }
    // The search the watch runs over a SKU's quotes at `now` (only starts still to come).
    WindowSearch::Query query(qint64 now) const;
    // The cheapest window over `quotes` when its rate is at or under the price.
    std::optional<WindowSearch::Offer> match(const QList<HourQuote>& quotes, qint64 now) const;
};

namespace PriceWatches {
// What the settings keep of a connection's watches; a watch that does not read back whole (edited
// by hand into nonsense) is left out.
QByteArray toJson(const QList<PriceWatch>& watches);
QList<PriceWatch> fromJson(const QByteArray& json);
// A connection's watches (by its profile's id), fired or not, as the settings keep them.
QList<PriceWatch> saved(const Settings& settings, const QString& profileId);
void save(Settings& settings, const QString& profileId, const QList<PriceWatch>& watches);
} // namespace PriceWatches

// A connection's price watches, one per row. Changes made through it emit edited(), for the
// settings to keep.
class PriceWatchList final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PriceWatchList)

public:
    enum Column
    {
        SkuColumn,
        NodesColumn,
        LengthColumn,
        StartsColumn,
        PriceColumn,
        ExpiresColumn,
        StatusColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role
    {
        IdRole = Qt::UserRole + 1,
    };

    explicit PriceWatchList(QObject* parent = nullptr);
    ~PriceWatchList() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const QList<PriceWatch>& watches() const { return m_watches; }
    std::optional<PriceWatch> watch(const QString& id) const;
    // Replaces every watch (another connection's), without edited().
    void setWatches(const QList<PriceWatch>& watches);
    // Adds a watch (a new id when it has none) or replaces the one with its id; an edited watch
    // waits again. Returns its id.
    QString save(PriceWatch watch);
    void remove(const QString& id);
    // The watch met its price with `offer`.
    void markFired(const QString& id, const WindowSearch::Offer& offer);
    // Names of SKUs and the clock for what the rows show.
    void setSkuNames(const QHash<QString, QString>& names);
    void setClock(std::function<qint64()> now);

Q_SIGNALS:
    void edited();

private:
    int rowOf(const QString& id) const;

    QList<PriceWatch> m_watches;
    QHash<QString, QString> m_skuNames;
    std::function<qint64()> m_now;
};

// Checks a connection's watches at its session's cadence (the account check): one quotes read per
// SKU that has watches waiting, shared by them, none while there are none; a read still on its way
// at the next check is not asked again. A watch that meets its price is marked fired (and kept so)
// before fired() is emitted, so it is told once.
class PriceWatchChecker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PriceWatchChecker)

public:
    PriceWatchChecker(PriceWatchList* watches, MarketBackend* market, QObject* parent = nullptr);
    ~PriceWatchChecker() override;

    // Checks at each of the session's account checks; null stops.
    void bind(Session* session);
    // Asks for the quotes of every SKU with a watch waiting (not for one whose read is on its way).
    void check();
    // The quotes reads this checker asked for since it was made.
    int readsAsked() const { return m_readsAsked; }

Q_SIGNALS:
    void fired(const sfdesk::PriceWatch& watch);
    // A SKU's quotes came back and its watches were checked.
    void checked(const QString& sku);

private:
    struct Read
    {
        qint64 from = 0;
        qint64 to = 0;
        int checksWaited = 0;
    };
    void onQuotes(const QString& sku, qint64 from, qint64 to, const QList<HourQuote>& quotes);
    void onQuotesFailed(const QString& sku, qint64 from, qint64 to);

    PriceWatchList* m_watches;
    QPointer<MarketBackend> m_market;
    QPointer<Session> m_session;
    QMetaObject::Connection m_tick;
    QHash<QString, Read> m_reads;
    int m_readsAsked = 0;
};

} // namespace sfdesk
