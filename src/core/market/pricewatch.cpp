// SPDX-License-Identifier: Apache-2.0

#include "core/market/pricewatch.h"

#include "common/schedule.h"
#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "core/models/session.h"
#include "core/settings/settings.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

#include <algorithm>
#include <limits>

namespace sfdesk {

using namespace Qt::StringLiterals;

WindowSearch::Query PriceWatch::query(qint64 now) const
{
    WindowSearch::Query query;
    query.nodes = nodes;
    query.minSeconds = duration;
    query.maxSeconds = duration;
    query.starts = {std::max(starts.earliest, now), starts.latest};
    query.limit = 1;
    return query;
}

std::optional<WindowSearch::Offer> PriceWatch::match(const QList<HourQuote>& quotes, qint64 now) const
{
    const QList<WindowSearch::Offer> best =
        WindowSearch::search(quotes, query(now), WindowSearch::Rank::Rate);
    if (best.isEmpty() || best.first().rateMicros() > maxRateMicros)
        return std::nullopt;
    return best.first();
}

namespace PriceWatches {

namespace {

std::optional<qint64> integer(const QJsonObject& object, QLatin1StringView key)
{
    // Kept as text: a double would not hold every micro-dollar of a large amount exactly.
    bool ok = false;
    const qint64 value = object.value(key).toString().toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace

QByteArray toJson(const QList<PriceWatch>& watches)
{
    QJsonArray array;
    for (const PriceWatch& watch : watches) {
        QJsonObject object{
            {"id"_L1, watch.id},
            {"sku"_L1, watch.sku},
            {"nodes"_L1, QString::number(watch.nodes)},
            {"duration"_L1, QString::number(watch.duration)},
            {"earliestStart"_L1, QString::number(watch.starts.earliest)},
            {"latestStart"_L1, QString::number(watch.starts.latest)},
            {"maxRateMicros"_L1, QString::number(watch.maxRateMicros)},
            {"expiresAt"_L1, QString::number(watch.expiresAt)},
        };
        if (watch.fired) {
            object.insert("firedStart"_L1, QString::number(watch.fired->start));
            object.insert("firedEnd"_L1, QString::number(watch.fired->end));
            object.insert("firedNodes"_L1, QString::number(watch.fired->nodes));
            object.insert("firedNodeMicros"_L1, QString::number(watch.fired->nodeMicros));
        }
        array.append(object);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

QList<PriceWatch> fromJson(const QByteArray& json)
{
    QList<PriceWatch> watches;
    const QJsonArray array = QJsonDocument::fromJson(json).array();
    for (const auto& value : array) {
        const QJsonObject object = value.toObject();
        PriceWatch watch;
        watch.id = object.value("id"_L1).toString();
        watch.sku = object.value("sku"_L1).toString();
        const auto nodes = integer(object, "nodes"_L1);
        const auto duration = integer(object, "duration"_L1);
        const auto earliest = integer(object, "earliestStart"_L1);
        const auto latest = integer(object, "latestStart"_L1);
        const auto rate = integer(object, "maxRateMicros"_L1);
        const auto expires = integer(object, "expiresAt"_L1);
        if (watch.id.isEmpty() || watch.sku.isEmpty() || !nodes || *nodes <= 0 || !duration || *duration <= 0
            || !earliest || !latest || *latest < *earliest || !rate || *rate < 0 || !expires)
            continue;
        watch.nodes = *nodes;
        watch.duration = *duration;
        watch.starts = {*earliest, *latest};
        watch.maxRateMicros = *rate;
        watch.expiresAt = *expires;
        const auto start = integer(object, "firedStart"_L1);
        const auto end = integer(object, "firedEnd"_L1);
        const auto firedNodes = integer(object, "firedNodes"_L1);
        const auto nodeMicros = integer(object, "firedNodeMicros"_L1);
        if (start && end && firedNodes && nodeMicros && *end > *start)
            watch.fired = WindowSearch::Offer{*start, *end, *firedNodes, *nodeMicros};
        watches.append(watch);
    }
    return watches;
}

QList<PriceWatch> saved(const Settings& settings, const QString& profileId)
{
    return fromJson(settings.priceWatchesJson(profileId));
}

void save(Settings& settings, const QString& profileId, const QList<PriceWatch>& watches)
{
    // None kept: nothing stored, as a removed connection leaves it.
    settings.setPriceWatchesJson(profileId, watches.isEmpty() ? QByteArray() : toJson(watches));
}

} // namespace PriceWatches

PriceWatchList::PriceWatchList(QObject* parent)
    : QAbstractTableModel(parent)
    , m_now([] { return QDateTime::currentSecsSinceEpoch(); })
{}

PriceWatchList::~PriceWatchList() = default;

int PriceWatchList::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_watches.size());
}

int PriceWatchList::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PriceWatchList::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PriceWatch& watch = m_watches.at(index.row());
    if (role == IdRole)
        return watch.id;
    if (role != Qt::DisplayRole && role != Qt::AccessibleTextRole)
        return {};
    switch (Column(index.column())) {
    case SkuColumn:
        return m_skuNames.value(watch.sku, watch.sku);
    case NodesColumn:
        return watch.nodes;
    case LengthColumn:
        return tr("%n hour(s)", nullptr, int(std::min<qint64>(watch.duration / 3600, 1'000'000)));
    case StartsColumn:
        return tr("%1 to %2")
            .arg(Format::dateTime(watch.starts.earliest), Format::dateTime(watch.starts.latest));
    case PriceColumn:
        return Format::ratePerNodeHour(watch.maxRateMicros);
    case ExpiresColumn:
        return Format::dateTime(watch.expiresAt);
    case StatusColumn:
        if (watch.fired)
            return tr("Offered at %1 from %2")
                .arg(Format::ratePerNodeHour(watch.fired->rateMicros()),
                     Format::dateTime(watch.fired->start));
        return watch.isExpired(m_now()) ? tr("Expired") : tr("Waiting");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PriceWatchList::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case SkuColumn:
        return tr("SKU");
    case NodesColumn:
        return tr("Nodes");
    case LengthColumn:
        return tr("Length");
    case StartsColumn:
        return tr("Starts");
    case PriceColumn:
        return tr("At most");
    case ExpiresColumn:
        return tr("Expires");
    case StatusColumn:
        return tr("Status");
    case ColumnCount:
        break;
    }
    return {};
}

int PriceWatchList::rowOf(const QString& id) const
{
    const auto it = std::find_if(m_watches.cbegin(), m_watches.cend(),
                                 [&id](const PriceWatch& watch) { return watch.id == id; });
    return it == m_watches.cend() ? -1 : int(it - m_watches.cbegin());
}

std::optional<PriceWatch> PriceWatchList::watch(const QString& id) const
{
    const int row = rowOf(id);
    return row < 0 ? std::nullopt : std::optional<PriceWatch>(m_watches.at(row));
}

void PriceWatchList::setWatches(const QList<PriceWatch>& watches)
{
    if (watches == m_watches)
        return;
    beginResetModel();
    m_watches = watches;
    endResetModel();
}

QString PriceWatchList::save(PriceWatch watch)
{
    if (watch.id.isEmpty())
        watch.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // Changed, it is a new question: it waits for its price again.
    watch.fired.reset();
    const int row = rowOf(watch.id);
    if (row >= 0) {
        m_watches[row] = watch;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    } else {
        const int end = int(m_watches.size());
        beginInsertRows({}, end, end);
        m_watches.append(watch);
        endInsertRows();
    }
    Q_EMIT edited();
    return watch.id;
}

void PriceWatchList::remove(const QString& id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_watches.removeAt(row);
    endRemoveRows();
    Q_EMIT edited();
}

void PriceWatchList::markFired(const QString& id, const WindowSearch::Offer& offer)
{
    const int row = rowOf(id);
    if (row < 0 || m_watches.at(row).fired)
        return;
    m_watches[row].fired = offer;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT edited();
}

void PriceWatchList::setSkuNames(const QHash<QString, QString>& names)
{
    if (names == m_skuNames)
        return;
    m_skuNames = names;
    if (!m_watches.isEmpty())
        Q_EMIT dataChanged(index(0, SkuColumn), index(rowCount() - 1, SkuColumn));
}

void PriceWatchList::setClock(std::function<qint64()> now)
{
    m_now = std::move(now);
}

PriceWatchChecker::PriceWatchChecker(PriceWatchList* watches, MarketBackend* market, QObject* parent)
    : QObject(parent)
    , m_watches(watches)
    , m_market(market)
{
    connect(market, &MarketBackend::quotesReady, this, &PriceWatchChecker::onQuotes);
    connect(market, &MarketBackend::quotesFailed, this,
            [this](const QString& sku, qint64 from, qint64 to, const QString&) {
                onQuotesFailed(sku, from, to);
            });
}

PriceWatchChecker::~PriceWatchChecker() = default;

void PriceWatchChecker::bind(Session* session)
{
    if (m_session == session)
        return;
    disconnect(m_tick);
    m_reads.clear();
    m_session = session;
    if (session)
        m_tick = connect(session, &Session::accountChecked, this, &PriceWatchChecker::check);
}

void PriceWatchChecker::check()
{
    if (!m_market)
        return;
    const qint64 now = m_market->now();
    // Per SKU, the span of hours its waiting watches search: one read covers them all.
    QHash<QString, std::pair<qint64, qint64>> spans;
    for (const PriceWatch& watch : m_watches->watches()) {
        if (!watch.isActive(now))
            continue;
        const qint64 from = Schedule::floorHour(std::max(watch.starts.earliest, now));
        const qint64 to = watch.starts.latest + watch.duration;
        const auto it = spans.find(watch.sku);
        if (it == spans.end())
            spans.insert(watch.sku, {from, to});
        else
            *it = {std::min(it->first, from), std::max(it->second, to)};
    }
    // A failed read is asked again at the next check; one that never answers, after two checks.
    constexpr int ChecksToWait = 2;
    for (auto it = spans.cbegin(); it != spans.cend(); ++it) {
        const auto pending = m_reads.find(it.key());
        if (pending != m_reads.end() && ++pending->checksWaited <= ChecksToWait)
            continue;
        m_reads.insert(it.key(), Read{it->first, it->second, 0});
        ++m_readsAsked;
        m_market->requestQuotes(it.key(), it->first, it->second);
    }
}

void PriceWatchChecker::onQuotes(const QString& sku, qint64 from, qint64 to, const QList<HourQuote>& quotes)
{
    const auto read = m_reads.constFind(sku);
    if (read == m_reads.cend() || read->from != from || read->to != to)
        return;
    m_reads.erase(read);
    if (!m_market)
        return;
    const qint64 now = m_market->now();
    // Copied: marking one fired changes the list.
    const QList<PriceWatch> watches = m_watches->watches();
    for (const PriceWatch& watch : watches) {
        if (watch.sku != sku || !watch.isActive(now))
            continue;
        if (const auto offer = watch.match(quotes, now)) {
            m_watches->markFired(watch.id, *offer);
            if (const auto fired = m_watches->watch(watch.id))
                Q_EMIT this->fired(*fired);
        }
    }
    Q_EMIT checked(sku);
}

void PriceWatchChecker::onQuotesFailed(const QString& sku, qint64 from, qint64 to)
{
    const auto read = m_reads.constFind(sku);
    if (read != m_reads.cend() && read->from == from && read->to == to)
        m_reads.erase(read);
}

} // namespace sfdesk
