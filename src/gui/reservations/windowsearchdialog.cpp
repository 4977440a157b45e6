// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/windowsearchdialog.h"

#include "common/clitime.h"
#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/plannertime.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;

enum ResultColumn
{
    StartColumn,
    EndColumn,
    LengthColumn,
    RateColumn,
    TotalColumn,
};

} // namespace

WindowSearchDialog::WindowSearchDialog(MarketBackend* backend, const SkuNames& skus,
                                       const QString& currentSku, int nodes, bool utc, QWidget* parent)
    : QDialog(parent)
    , m_backend(backend)
    , m_utc(utc)
    , m_sku(new QComboBox(this))
    , m_nodes(new QSpinBox(this))
    , m_shortest(new QLineEdit(QStringLiteral("3d"), this))
    , m_longest(new QLineEdit(QStringLiteral("5d"), this))
    , m_earliest(new QLineEdit(QStringLiteral("now"), this))
    , m_latest(new QLineEdit(QStringLiteral("in 14d"), this))
    , m_rank(new QComboBox(this))
    , m_find(new QPushButton(ThemeIcons::icon(QStringLiteral("edit-find")), tr("&Find"), this))
    , m_status(PlainText::label(this))
    , m_list(new QTreeWidget(this))
    , m_select(new QPushButton(ThemeIcons::icon(QStringLiteral("go-next")), tr("Select on Char&t"), this))
    , m_keep(new QPushButton(ThemeIcons::icon(QStringLiteral("list-add")), tr("&Keep with a Procurement…"),
                             this))
    , m_watch(new QPushButton(ThemeIcons::icon(QStringLiteral("view-calendar-day")), tr("&Watch…"), this))
{
    setObjectName(u"windowSearchDialog"_s);
    setWindowTitle(tr("Find the Cheapest Window"));
    for (const auto& [id, name] : skus)
        m_sku->addItem(name, id);
    m_sku->setCurrentIndex(std::max(0, m_sku->findData(currentSku)));
    m_sku->setObjectName(u"windowSearchSku"_s);
    m_nodes->setRange(1, 4096);
    m_nodes->setValue(std::max(1, nodes));
    m_nodes->setObjectName(u"windowSearchNodes"_s);
    m_shortest->setObjectName(u"windowSearchShortest"_s);
    m_longest->setObjectName(u"windowSearchLongest"_s);
    m_earliest->setObjectName(u"windowSearchEarliest"_s);
    m_latest->setObjectName(u"windowSearchLatest"_s);
    for (QLineEdit* edit : {m_shortest, m_longest})
        edit->setToolTip(tr("A length as the sf CLI takes it: 36h, 3d, 1w, 2d12h"));
    for (QLineEdit* edit : {m_earliest, m_latest})
        edit->setToolTip(tr("A time as the sf CLI takes it: now, in 3d, oct 12 14:00, 2026-10-12 14:00"));
    m_rank->addItem(tr("Total cost"), int(WindowSearch::Rank::TotalCost));
    m_rank->addItem(tr("Price per node-hour"), int(WindowSearch::Rank::Rate));
    m_rank->setObjectName(u"windowSearchRank"_s);
    m_find->setObjectName(u"windowSearchFind"_s);
    m_find->setDefault(true);
    m_status->setObjectName(u"windowSearchStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_status->setFocusPolicy(Qt::NoFocus);
    m_list->setObjectName(u"windowSearchResults"_s);
    m_list->setAccessibleName(tr("Cheapest windows"));
    m_list->setAccessibleDescription(tr("Enter selects the window on the chart and previews the order"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("Start"), tr("End"), tr("Length"), tr("$ per node-hour"), tr("Total")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_select->setObjectName(u"windowSearchSelect"_s);
    m_select->setEnabled(false);
    m_keep->setObjectName(u"windowSearchKeep"_s);
    m_keep->setToolTip(tr("A procurement that keeps these nodes from now on, up to the window's end, with a "
                          "price cap a tenth above its price"));
    m_keep->setEnabled(false);
    m_watch->setObjectName(u"windowSearchWatch"_s);
    m_watch->setToolTip(tr("Be told once when this window is offered at or under a price"));
    m_watch->setEnabled(false);

    auto* form = new QFormLayout;
    const auto row = [form, this](const QString& text, QWidget* field) {
        auto* label = PlainText::label(this, text);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(tr("SK&U:"), m_sku);
    row(tr("&Nodes:"), m_nodes);
    // A range: its two fields side by side, the label's key going to the first.
    const auto range = [form, this](const QString& text, QLineEdit* from, QLineEdit* to) {
        auto* fields = new QHBoxLayout;
        fields->addWidget(from);
        fields->addWidget(new QLabel(tr("to"), this));
        fields->addWidget(to);
        auto* label = PlainText::label(this, text);
        label->setBuddy(from);
        form->addRow(label, fields);
    };
    range(tr("&Length:"), m_shortest, m_longest);
    m_shortest->setAccessibleName(tr("Shortest length"));
    m_longest->setAccessibleName(tr("Longest length"));
    range(tr("&Starting:"), m_earliest, m_latest);
    m_earliest->setAccessibleName(tr("Earliest start"));
    m_latest->setAccessibleName(tr("Latest start"));
    row(tr("&Rank by:"), m_rank);

    auto* findRow = new QHBoxLayout;
    findRow->addWidget(m_status, 1);
    findRow->addWidget(m_find);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_watch, QDialogButtonBox::ActionRole);
    buttons->addButton(m_keep, QDialogButtonBox::ActionRole);
    buttons->addButton(m_select, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(findRow);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(780, 520);

    connect(m_find, &QPushButton::clicked, this, &WindowSearchDialog::search);
    connect(m_select, &QPushButton::clicked, this, &WindowSearchDialog::chooseCurrent);
    connect(m_keep, &QPushButton::clicked, this, &WindowSearchDialog::keepCurrent);
    connect(m_watch, &QPushButton::clicked, this, &WindowSearchDialog::watchCurrent);
    connect(m_list, &QTreeWidget::itemActivated, this, &WindowSearchDialog::chooseCurrent);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* current) {
        m_select->setEnabled(current != nullptr);
        m_keep->setEnabled(current != nullptr);
        m_watch->setEnabled(current != nullptr);
    });
    if (m_backend)
        connect(m_backend, &MarketBackend::quotesReady, this,
                [this](const QString& sku, qint64 from, qint64 to, const QList<HourQuote>& quotes) {
                    if (m_waiting && sku == m_querySku && from == m_quotesFrom && to == m_quotesTo)
                        showResults(quotes);
                });
    // A failed read ends the search with its reason: the dialog never waits on an answer that will
    // not come (the planner's next read may replace the one to retry).
    if (m_backend)
        connect(m_backend, &MarketBackend::quotesFailed, this,
                [this](const QString& sku, qint64 from, qint64 to, const QString& message) {
                    if (!m_waiting || sku != m_querySku || from != m_quotesFrom || to != m_quotesTo)
                        return;
                    m_waiting = false;
                    m_find->setEnabled(true);
                    m_status->setText(
                        tr("The order book could not be read: %1 Find searches again.").arg(message));
                });
}

WindowSearchDialog::~WindowSearchDialog() = default;

void WindowSearchDialog::search()
{
    // Enter on a result chooses it and closes the dialog; the list passes the key on to the
    // dialog's default button, which must then search no more.
    if (!m_backend || !isVisible())
        return;
    const qint64 now = m_backend->now();
    QString error;
    const auto fail = [this](QLineEdit* field, const QString& message) {
        m_status->setText(message);
        field->setFocus();
        field->selectAll();
    };
    const auto shortest = CliTime::parseDuration(m_shortest->text(), &error);
    if (!shortest)
        return fail(m_shortest, tr("Shortest length: %1").arg(error));
    const auto longest = CliTime::parseDuration(m_longest->text(), &error);
    if (!longest)
        return fail(m_longest, tr("Longest length: %1").arg(error));
    const auto earliest = CliTime::parseWindowTime(m_earliest->text(), now, &error, m_utc);
    if (!earliest)
        return fail(m_earliest, tr("Earliest start: %1").arg(error));
    const auto latest = CliTime::parseWindowTime(m_latest->text(), now, &error, m_utc);
    if (!latest)
        return fail(m_latest, tr("Latest start: %1").arg(error));
    if (*shortest < Hour || *longest < *shortest)
        return fail(m_longest, tr("The length runs from at least an hour to no less than the shortest."));
    if (*latest < *earliest)
        return fail(m_latest, tr("The latest start is before the earliest."));
    // The order book is asked for at most 8 weeks; a search over more would be a long wait.
    constexpr qint64 MaxSpan = 8 * 7 * 24 * Hour;
    if (*latest + *longest - *earliest > MaxSpan)
        return fail(m_latest, tr("Search at most 8 weeks ahead from the earliest start, lengths included."));

    m_query = {};
    m_query.nodes = m_nodes->value();
    m_query.minSeconds = *shortest;
    m_query.maxSeconds = *longest;
    // Not before the next hour: an order cannot start in the past.
    m_query.earliestStart = std::max(*earliest, now - now % Hour + Hour);
    m_query.latestStart = std::max(*latest, m_query.earliestStart);
    m_querySku = m_sku->currentData().toString();
    m_quotesFrom = m_query.earliestStart - m_query.earliestStart % Hour;
    m_quotesTo = m_query.latestStart + m_query.maxSeconds;
    m_waiting = true;
    m_find->setEnabled(false);
    m_status->setText(tr("Reading the order book…"));
    m_backend->requestQuotes(m_querySku, m_quotesFrom, m_quotesTo);
}

void WindowSearchDialog::showResults(const QList<HourQuote>& quotes)
{
    m_waiting = false;
    m_find->setEnabled(true);
    const auto rank = static_cast<WindowSearch::Rank>(m_rank->currentData().toInt());
    m_results = WindowSearch::search(quotes, m_query, rank);
    m_resultsSku = m_querySku;
    m_list->clear();
    for (const WindowSearch::Offer& offer : std::as_const(m_results)) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(StartColumn, PlannerTime::format(offer.start, m_utc));
        item->setText(EndColumn, PlannerTime::format(offer.end, m_utc));
        item->setText(LengthColumn, CliTime::formatDuration(offer.end - offer.start));
        item->setText(RateColumn, Format::rate(offer.rateMicros()));
        item->setText(TotalColumn, Format::money(offer.totalMicros()));
        for (int column : {RateColumn, TotalColumn})
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
    }
    if (m_results.isEmpty()) {
        // The best ask must hold every node asked for: a cheaper level on fewer nodes is not a price
        // the order would get.
        m_status->setText(tr("No window of that length is offered in whole for %n node(s) at the best ask "
                             "between those starts.",
                             nullptr, int(m_query.nodes)));
        return;
    }
    m_status->setText(
        tr("%n window(s), best first. Enter selects one on the chart.", nullptr, int(m_results.size())));
    m_list->setCurrentItem(m_list->topLevelItem(0));
    m_list->setFocus();
}

void WindowSearchDialog::chooseCurrent()
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT chosen(m_resultsSku, m_results.at(row));
    accept();
}

} // namespace sfdesk

namespace sfdesk {

void WindowSearchDialog::keepCurrent()
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT keepChosen(m_resultsSku, m_results.at(row));
    accept();
}

void WindowSearchDialog::watchCurrent()
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT watchChosen(m_resultsSku, m_results.at(row));
    accept();
}

} // namespace sfdesk
