// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/windowsearchdialog.h"

#include "common/clitime.h"
#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/plannertime.h"
#include "ui_windowsearchdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>

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
    , m_ui(std::make_unique<Ui::WindowSearchDialog>())
    , m_backend(backend)
    , m_utc(utc)
{
    m_ui->setupUi(this);
    setObjectName(u"windowSearchDialog"_s);
    m_ui->windowSearchFind->setIcon(ThemeIcons::icon(QStringLiteral("edit-find")));
    // Buttons of the button box besides Close: a form cannot add them there.
    m_select = new QPushButton(ThemeIcons::icon(QStringLiteral("go-next")), tr("Select on Char&t"), this);
    m_keep =
        new QPushButton(ThemeIcons::icon(QStringLiteral("list-add")), tr("&Keep with a Procurement…"), this);
    m_watch = new QPushButton(ThemeIcons::icon(QStringLiteral("view-calendar-day")), tr("&Watch…"), this);
    for (const auto& [id, name] : skus)
        m_ui->windowSearchSku->addItem(name, id);
    m_ui->windowSearchSku->setCurrentIndex(std::max(0, m_ui->windowSearchSku->findData(currentSku)));
    m_ui->windowSearchNodes->setValue(std::max(1, nodes));
    m_ui->windowSearchRank->addItem(tr("Total cost"), int(WindowSearch::Rank::TotalCost));
    m_ui->windowSearchRank->addItem(tr("Price per node-hour"), int(WindowSearch::Rank::Rate));
    m_ui->windowSearchResults->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_select->setObjectName(u"windowSearchSelect"_s);
    m_select->setEnabled(false);
    m_keep->setObjectName(u"windowSearchKeep"_s);
    m_keep->setToolTip(tr("A procurement that keeps these nodes from now on, up to the window's end, with a "
                          "price cap a tenth above its price"));
    m_keep->setEnabled(false);
    m_watch->setObjectName(u"windowSearchWatch"_s);
    m_watch->setToolTip(tr("Be told once when this window is offered at or under a price"));
    m_watch->setEnabled(false);

    QDialogButtonBox* buttons = m_ui->buttonBox;
    buttons->addButton(m_watch, QDialogButtonBox::ActionRole);
    buttons->addButton(m_keep, QDialogButtonBox::ActionRole);
    buttons->addButton(m_select, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(780, 520);

    connect(m_ui->windowSearchFind, &QPushButton::clicked, this, &WindowSearchDialog::search);
    connect(m_select, &QPushButton::clicked, this, &WindowSearchDialog::chooseCurrent);
    connect(m_keep, &QPushButton::clicked, this, &WindowSearchDialog::keepCurrent);
    connect(m_watch, &QPushButton::clicked, this, &WindowSearchDialog::watchCurrent);
    connect(m_ui->windowSearchResults, &QTreeWidget::itemActivated, this, &WindowSearchDialog::chooseCurrent);
    connect(m_ui->windowSearchResults, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* current) {
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
                    m_ui->windowSearchFind->setEnabled(true);
                    m_ui->windowSearchStatus->setText(
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
        m_ui->windowSearchStatus->setText(message);
        field->setFocus();
        field->selectAll();
    };
    const auto shortest = CliTime::parseDuration(m_ui->windowSearchShortest->text(), &error);
    if (!shortest)
        return fail(m_ui->windowSearchShortest, tr("Shortest length: %1").arg(error));
    const auto longest = CliTime::parseDuration(m_ui->windowSearchLongest->text(), &error);
    if (!longest)
        return fail(m_ui->windowSearchLongest, tr("Longest length: %1").arg(error));
    const auto earliest = CliTime::parseWindowTime(m_ui->windowSearchEarliest->text(), now, &error, m_utc);
    if (!earliest)
        return fail(m_ui->windowSearchEarliest, tr("Earliest start: %1").arg(error));
    const auto latest = CliTime::parseWindowTime(m_ui->windowSearchLatest->text(), now, &error, m_utc);
    if (!latest)
        return fail(m_ui->windowSearchLatest, tr("Latest start: %1").arg(error));
    if (*shortest < Hour || *longest < *shortest)
        return fail(m_ui->windowSearchLongest,
                    tr("The length runs from at least an hour to no less than the shortest."));
    if (*latest < *earliest)
        return fail(m_ui->windowSearchLatest, tr("The latest start is before the earliest."));
    // The order book is asked for at most 8 weeks; a search over more would be a long wait.
    constexpr qint64 MaxSpan = 8 * 7 * 24 * Hour;
    if (*latest + *longest - *earliest > MaxSpan)
        return fail(m_ui->windowSearchLatest,
                    tr("Search at most 8 weeks ahead from the earliest start, lengths included."));

    m_query = {};
    m_query.nodes = m_ui->windowSearchNodes->value();
    m_query.minSeconds = *shortest;
    m_query.maxSeconds = *longest;
    // Not before the next hour: an order cannot start in the past.
    m_query.starts.earliest = std::max(*earliest, now - now % Hour + Hour);
    m_query.starts.latest = std::max(*latest, m_query.starts.earliest);
    m_querySku = m_ui->windowSearchSku->currentData().toString();
    m_quotesFrom = m_query.starts.earliest - m_query.starts.earliest % Hour;
    m_quotesTo = m_query.starts.latest + m_query.maxSeconds;
    m_waiting = true;
    m_ui->windowSearchFind->setEnabled(false);
    m_ui->windowSearchStatus->setText(tr("Reading the order book…"));
    m_backend->requestQuotes(m_querySku, m_quotesFrom, m_quotesTo);
}

void WindowSearchDialog::showResults(const QList<HourQuote>& quotes)
{
    m_waiting = false;
    m_ui->windowSearchFind->setEnabled(true);
    const auto rank = static_cast<WindowSearch::Rank>(m_ui->windowSearchRank->currentData().toInt());
    m_results = WindowSearch::search(quotes, m_query, rank);
    m_resultsSku = m_querySku;
    m_ui->windowSearchResults->clear();
    for (const WindowSearch::Offer& offer : std::as_const(m_results)) {
        auto* item = new QTreeWidgetItem(m_ui->windowSearchResults);
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
        m_ui->windowSearchStatus->setText(
            tr("No window of that length is offered in whole for %n node(s) at the best ask "
               "between those starts.",
               nullptr, int(m_query.nodes)));
        return;
    }
    m_ui->windowSearchStatus->setText(
        tr("%n window(s), best first. Enter selects one on the chart.", nullptr, int(m_results.size())));
    m_ui->windowSearchResults->setCurrentItem(m_ui->windowSearchResults->topLevelItem(0));
    m_ui->windowSearchResults->setFocus();
}

void WindowSearchDialog::chooseCurrent()
{
    const int row = m_ui->windowSearchResults->indexOfTopLevelItem(m_ui->windowSearchResults->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT chosen(m_resultsSku, m_results.at(row));
    accept();
}

} // namespace sfdesk

namespace sfdesk {

void WindowSearchDialog::keepCurrent()
{
    const int row = m_ui->windowSearchResults->indexOfTopLevelItem(m_ui->windowSearchResults->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT keepChosen(m_resultsSku, m_results.at(row));
    accept();
}

void WindowSearchDialog::watchCurrent()
{
    const int row = m_ui->windowSearchResults->indexOfTopLevelItem(m_ui->windowSearchResults->currentItem());
    if (row < 0 || row >= m_results.size())
        return;
    Q_EMIT watchChosen(m_resultsSku, m_results.at(row));
    accept();
}

} // namespace sfdesk
