// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/startpage.h"

#include "common/constvalue.h"
#include "core/appinfo.h"
#include "core/market/pricewatch.h"
#include "core/models/accountglance.h"
#include "core/models/format.h"
#include "core/models/instancemodel.h"
#include "core/models/moneymodel.h"
#include "core/models/ordermodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/settings/settings.h"
#include "gui/common/listwatch.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/mainwindow/sectionicons.h"

#include <QAccessible>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

namespace {

// A pool's owned nodes hour by hour over the next week, as a small step chart. What it shows is
// also its accessible description, for those who do not see it.
class OwnedNodesChart final : public QWidget
{
public:
    OwnedNodesChart(const AccountGlance::PoolLine& pool, QWidget* parent)
        : QWidget(parent)
        , m_hourly(pool.hourly)
    {
        setObjectName(QStringLiteral("startPoolChart"));
        setAccessibleName(StartPage::tr("Owned nodes of %1 over the next 7 days").arg(pool.name));
        setAccessibleDescription(pool.fewest == pool.most
                                     ? StartPage::tr("%n node(s) throughout", nullptr, pool.most)
                                     : StartPage::tr("from %1 to %2 nodes").arg(pool.fewest).arg(pool.most));
        setMinimumSize(168, 28);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    QSize sizeHint() const override { return {240, 28}; }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        const QRectF area = QRectF(rect()).adjusted(1, 2, -1, -1);
        painter.fillRect(area, palette().color(QPalette::Base));
        const int most = m_hourly.isEmpty() ? 0 : *std::max_element(m_hourly.cbegin(), m_hourly.cend());
        if (most > 0) {
            const qreal step = area.width() / qreal(m_hourly.size());
            QPainterPath path(QPointF(area.left(), area.bottom()));
            for (qsizetype i = 0; i < m_hourly.size(); ++i) {
                const qreal y = area.bottom() - area.height() * m_hourly.at(i) / most;
                path.lineTo(area.left() + i * step, y);
                path.lineTo(area.left() + (i + 1) * step, y);
            }
            path.lineTo(area.right(), area.bottom());
            path.closeSubpath();
            QColor fill = palette().color(QPalette::Highlight);
            fill.setAlpha(110);
            painter.fillPath(path, fill);
        }
        painter.setPen(palette().color(QPalette::Mid));
        painter.drawRect(area);
    }

private:
    QList<int> m_hourly;
};

QString sideText(const Order& order)
{
    return order.side == QLatin1String("sell") ? StartPage::tr("Sell") : StartPage::tr("Buy");
}

} // namespace

StartPage::StartPage(ViewContext* context, PriceWatchList* watches, std::function<qint64()> now,
                     QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_watches(watches)
    , m_now(std::move(now))
    , m_money(new MoneyModel(this))
{
    setObjectName(QStringLiteral("startPage"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("startScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setFocusPolicy(Qt::NoFocus);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(24, 20, 24, 20);
    layout->setSpacing(12);

    auto* header = new QHBoxLayout;
    auto* icon = new QLabel(content);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/sfdesk.svg")).pixmap(48, 48));
    header->addWidget(icon);
    auto* titles = new QVBoxLayout;
    auto* title = new QLabel(tr("<h2>Your account at a glance</h2>"), content);
    title->setTextFormat(Qt::RichText);
    title->setObjectName(QStringLiteral("startTitle"));
    titles->addWidget(title);
    m_scope = PlainText::label(content);
    m_scope->setObjectName(QStringLiteral("startScope"));
    titles->addWidget(m_scope);
    header->addLayout(titles, 1);
    layout->addLayout(header);

    m_signedOut = new QLabel(
        tr("sfdesk shows your pools, instances, orders and price watches here once the connection is "
           "signed in. The bar above says why it is not, and signs you in."),
        content);
    m_signedOut->setObjectName(QStringLiteral("startSignedOut"));
    m_signedOut->setTextFormat(Qt::PlainText);
    m_signedOut->setWordWrap(true);
    layout->addWidget(m_signedOut);

    m_cards = new QWidget(content);
    m_cards->setObjectName(QStringLiteral("startCards"));
    auto* grid = new QGridLayout(m_cards);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(12);
    const auto card = [this, grid](const QString& name, const QString& heading, int row, int column) {
        auto* box = new QGroupBox(heading, m_cards);
        box->setObjectName(name);
        auto* boxLayout = new QVBoxLayout(box);
        grid->addWidget(box, row, column);
        return boxLayout;
    };
    const auto figures = [this](const QString& name) {
        QLabel* label = PlainText::label(m_cards);
        label->setObjectName(name);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return label;
    };
    const auto buttons = [](QVBoxLayout* box, const QList<QPushButton*>& list) {
        auto* row = new QHBoxLayout;
        for (QPushButton* button : list)
            row->addWidget(button);
        row->addStretch(1);
        box->addStretch(1);
        box->addLayout(row);
    };

    QVBoxLayout* pools = card(QStringLiteral("startPoolsCard"), tr("Owned nodes"), 0, 0);
    m_poolsSummary = figures(QStringLiteral("startPools"));
    pools->addWidget(m_poolsSummary);
    auto* poolRows = new QWidget(m_cards);
    m_poolRows = new QVBoxLayout(poolRows);
    m_poolRows->setContentsMargins(0, 0, 0, 0);
    pools->addWidget(poolRows);
    buttons(pools, {sectionButton(QStringLiteral("pools"), tr("Open &Pools"), m_cards),
                    sectionButton(QStringLiteral("reservations"), tr("Open &Reservations"), m_cards)});

    QVBoxLayout* instances = card(QStringLiteral("startInstancesCard"), tr("Instances"), 0, 1);
    m_instancesSummary = figures(QStringLiteral("startInstances"));
    instances->addWidget(m_instancesSummary);
    m_partitionLines = figures(QStringLiteral("startPartitions"));
    instances->addWidget(m_partitionLines);
    buttons(instances,
            {sectionButton(QStringLiteral("instances"), tr("Open &Instances"), m_cards),
             sectionButton(QStringLiteral("partitions"), tr("Open Infini&Band Partitions"), m_cards)});

    QVBoxLayout* orders = card(QStringLiteral("startOrdersCard"), tr("Orders"), 1, 0);
    m_ordersSummary = figures(QStringLiteral("startOrders"));
    orders->addWidget(m_ordersSummary);
    m_orderLines = figures(QStringLiteral("startOrderLines"));
    orders->addWidget(m_orderLines);
    buttons(orders, {sectionButton(QStringLiteral("orders"), tr("Open &Orders"), m_cards)});

    QVBoxLayout* watchesBox = card(QStringLiteral("startWatchesCard"), tr("Price watches"), 1, 1);
    m_watchesSummary = figures(QStringLiteral("startWatches"));
    watchesBox->addWidget(m_watchesSummary);
    m_watchLines = figures(QStringLiteral("startWatchLines"));
    watchesBox->addWidget(m_watchLines);
    auto* watchList = new QPushButton(ThemeIcons::icon(QStringLiteral("document-multiple")),
                                      tr("Price &Watches…"), m_cards);
    watchList->setObjectName(QStringLiteral("startPriceWatches"));
    connect(watchList, &QPushButton::clicked, this, &StartPage::priceWatchesRequested);
    buttons(watchesBox, {watchList});
    QVBoxLayout* money = card(QStringLiteral("startMoneyCard"), tr("This month"), 2, 0);
    m_moneySummary = figures(QStringLiteral("startMoney"));
    money->addWidget(m_moneySummary);
    buttons(money, {sectionButton(QStringLiteral("money"), tr("Open &Money"), m_cards)});
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    layout->addWidget(m_cards);

    auto* about = new QLabel(tr("sfdesk %1: InfiniBand partitions, reservations on a chart, cloud-init "
                                "with the SSH key bootstrap, fleets and capacity for SF Compute. F1 lists "
                                "the keyboard shortcuts; Ctrl+1 to Ctrl+0 open the sections.")
                                 .arg(AppInfo::version()),
                             content);
    about->setObjectName(QStringLiteral("startBody"));
    about->setTextFormat(Qt::PlainText);
    about->setWordWrap(true);
    about->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(about);
    layout->addStretch(1);

    connect(context, &ViewContext::clientChanged, this, &StartPage::bindModels);
    connect(context, &ViewContext::scopeChanged, this, &StartPage::scheduleUpdate);
    if (m_watches)
        followModel(m_watches.data());
    bindModels();
}

StartPage::~StartPage() = default;

QPushButton* StartPage::sectionButton(const QString& id, const QString& text, QWidget* parent)
{
    auto* button = new QPushButton(SectionIcons::icon(id), text, parent);
    button->setObjectName(QStringLiteral("startOpen_") + id);
    connect(button, &QPushButton::clicked, this, [this, id] { Q_EMIT sectionRequested(id); });
    return button;
}

void StartPage::followModel(QAbstractItemModel* model)
{
    connect(model, &QAbstractItemModel::dataChanged, this, &StartPage::scheduleUpdate);
    connect(model, &QAbstractItemModel::rowsInserted, this, &StartPage::scheduleUpdate);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &StartPage::scheduleUpdate);
    connect(model, &QAbstractItemModel::modelReset, this, &StartPage::scheduleUpdate);
}

QList<QAbstractItemModel*> StartPage::modelsOf(const Session* session)
{
    if (!session)
        return {};
    return {session->pools(), session->instances(), session->partitions(), session->orders()};
}

void StartPage::bindModels()
{
    Session* session = m_context->session();
    if (session != m_session) {
        for (QAbstractItemModel* model : constValue(modelsOf(m_session)))
            disconnect(model, nullptr, this, nullptr);
        m_session = session;
        for (QAbstractItemModel* model : constValue(modelsOf(session)))
            followModel(model);
    }
    scheduleUpdate();
}

void StartPage::scheduleUpdate()
{
    // Many rows change at once when a list is read: one update for all of them.
    if (m_updateQueued)
        return;
    m_updateQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_updateQueued = false;
        refresh();
    });
}

void StartPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The lists it sums are read while it shows, like any page's list.
    if (!m_lists)
        m_lists = new ListWatch(
            m_context,
            {Session::Resource::Pools, Session::Resource::Instances, Session::Resource::Partitions,
             Session::Resource::Orders},
            [this](Session::Resource) { scheduleUpdate(); }, this);
    refresh();
}

void StartPage::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    delete m_lists;
    m_lists = nullptr;
}

void StartPage::refresh()
{
    Session* session = m_context->session();
    const bool signedIn = session && m_context->session()->canSend();
    m_signedOut->setVisible(!signedIn);
    m_cards->setVisible(signedIn);
    m_scope->setText(!signedIn                    ? tr("Not signed in")
                     : m_context->allWorkspaces() ? tr("All workspaces")
                                                  : tr("Workspace %1").arg(m_context->workspace()));
    if (!signedIn)
        return;

    const qint64 now = m_now();
    const AccountGlance glance =
        AccountGlance::of(session->pools()->rows(), session->instances()->rows(),
                          session->partitions()->rows(), session->orders()->rows(), now);
    const auto loaded = [session](Session::Resource resource) { return session->isLoaded(resource); };

    // Owned nodes: one line and a week's chart per pool.
    while (QLayoutItem* item = m_poolRows->takeAt(0)) {
        delete item->widget();
        delete item->layout();
        delete item;
    }
    if (!loaded(Session::Resource::Pools)) {
        m_poolsSummary->setText(tr("Reading the pools…"));
    } else if (glance.pools.isEmpty()) {
        m_poolsSummary->setText(tr("No pools. Create one in Pools, then buy nodes for it in Reservations."));
    } else {
        int nodesNow = 0;
        for (const AccountGlance::PoolLine& pool : glance.pools)
            nodesNow += pool.nodesNow;
        m_poolsSummary->setText(
            tr("%n node(s) owned now in %1; %2 idle in the next 48 hours (Pools > Sell Idle… offers them).",
               nullptr, nodesNow)
                .arg(tr("%n pool(s)", nullptr, int(glance.pools.size())),
                     tr("%n node-hour(s)", nullptr, int(glance.idleNodeHours))));
        constexpr int MostPools = 6;
        for (qsizetype i = 0; i < std::min<qsizetype>(glance.pools.size(), MostPools); ++i) {
            const AccountGlance::PoolLine& pool = glance.pools.at(i);
            auto* row = new QWidget(m_poolRows->parentWidget());
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            const QString text = pool.most == 0 ? tr("%1: no nodes this week").arg(pool.name)
                                 : pool.fewest == pool.most
                                     ? tr("%1: %n node(s) all week", nullptr, pool.most).arg(pool.name)
                                     : tr("%1: %2 now, %3 to %4 over the week")
                                           .arg(pool.name, tr("%n node(s)", nullptr, pool.nodesNow))
                                           .arg(pool.fewest)
                                           .arg(pool.most);
            QLabel* line = PlainText::label(
                row, pool.idleNodeHours == 0
                         ? text
                         : tr("%1; %n node-hour(s) idle", nullptr, int(pool.idleNodeHours)).arg(text));
            line->setObjectName(QStringLiteral("startPoolLine"));
            line->setWordWrap(true);
            rowLayout->addWidget(line, 3);
            rowLayout->addWidget(new OwnedNodesChart(pool, row), 2);
            m_poolRows->addWidget(row);
            // A widget made for a page already on screen is hidden until shown.
            row->show();
        }
        if (glance.pools.size() > MostPools) {
            QLabel* more =
                PlainText::label(m_poolRows->parentWidget(),
                                 tr("and %n more in Pools", nullptr, int(glance.pools.size() - MostPools)));
            m_poolRows->addWidget(more);
            more->show();
        }
    }

    // Instances per partition.
    if (!loaded(Session::Resource::Instances)) {
        m_instancesSummary->setText(tr("Reading the instances…"));
        m_partitionLines->clear();
    } else {
        m_instancesSummary->setText(tr("%1 running, %2 starting.")
                                        .arg(tr("%n instance(s)", nullptr, glance.running))
                                        .arg(glance.starting));
        QStringList lines;
        for (const AccountGlance::PartitionLine& partition : glance.partitions) {
            const QString where = partition.id.isEmpty() ? tr("On no InfiniBand partition") : partition.name;
            lines << (partition.starting > 0 ? tr("%1: %2 running, %3 starting")
                                                   .arg(where)
                                                   .arg(partition.running)
                                                   .arg(partition.starting)
                                             : tr("%1: %2 running").arg(where).arg(partition.running));
        }
        m_partitionLines->setText(lines.join(u'\n'));
    }

    // Orders still open.
    if (!loaded(Session::Resource::Orders)) {
        m_ordersSummary->setText(tr("Reading the orders…"));
        m_orderLines->clear();
    } else {
        m_ordersSummary->setText(
            glance.openOrders.isEmpty()
                ? tr("No open orders.")
                : tr("%n open order(s), %1 standing on the book.", nullptr, int(glance.openOrders.size()))
                      .arg(glance.standingOrders));
        QStringList lines;
        constexpr int MostOrders = 5;
        for (qsizetype i = 0; i < std::min<qsizetype>(glance.openOrders.size(), MostOrders); ++i) {
            const Order& order = glance.openOrders.at(i);
            lines << tr("%1 %2 × %3 from %4 for %5 at %6 (%7)")
                         .arg(sideText(order), QString::number(order.nodeCount()),
                              order.sku.name.isEmpty() ? order.sku.id : order.sku.name,
                              Format::dateTime(order.startAt()),
                              tr("%n hour(s)", nullptr, int((order.endAt() - order.startAt()) / 3600)),
                              Format::pricePerNodeHour(order.limitPrice), Format::orderStatus(order));
        }
        if (glance.openOrders.size() > MostOrders)
            lines << tr("and %n more in Orders", nullptr, int(glance.openOrders.size() - MostOrders));
        m_orderLines->setText(lines.join(u'\n'));
    }

    // This month's money, as the Money page sums it.
    if (!loaded(Session::Resource::Orders) || !loaded(Session::Resource::Pools)) {
        m_moneySummary->setText(tr("Reading the orders…"));
    } else {
        m_money->setTimeZone(m_context->settings()->timesInUtc() ? QTimeZone(QTimeZone::UTC)
                                                                 : QTimeZone(QTimeZone::LocalTime));
        m_money->compute(session->orders()->rows(), session->pools()->rows(), now);
        const qint64 net = m_money->burnDown().isEmpty() ? 0 : m_money->burnDown().constLast().cumulativeNet;
        m_moneySummary->setText(tr("Net spend this month: %1 (bought minus sold, by the time of the fill).\n"
                                   "What you own now was bought for %2 per hour.")
                                    .arg(Format::money(net), Format::money(m_money->totals().costPerHour)));
    }

    // Price watches: how many wait, and the ones that fired.
    int waiting = 0;
    QStringList fired;
    if (m_watches) {
        for (int row = 0; row < m_watches->rowCount(); ++row) {
            const PriceWatch& watch = m_watches->watches().at(row);
            const auto cell = [this, row](int column) {
                return m_watches->index(row, column).data().toString();
            };
            if (watch.fired)
                fired << tr("%1, %2 × %3: %4")
                             .arg(cell(PriceWatchList::SkuColumn), cell(PriceWatchList::NodesColumn),
                                  cell(PriceWatchList::LengthColumn), cell(PriceWatchList::StatusColumn));
            else
                waiting += watch.isActive(now);
        }
    }
    m_watchesSummary->setText(tr("%1 waiting for their price, %2 offered.")
                                  .arg(tr("%n watch(es)", nullptr, waiting), QString::number(fired.size())));
    m_watchLines->setText(fired.isEmpty() ? tr("On the Reservations chart, Watch This Window… tells you when "
                                               "the market offers a window at your price.")
                                          : fired.join(u'\n'));
    // The grid keeps the row heights it worked out for the cards' old texts (a card's label that
    // gained a line kept one line's height, its first and last lines clipped): it works them out again.
    m_cards->layout()->invalidate();
}

} // namespace sfdesk
