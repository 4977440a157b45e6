// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/reservationspage.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "common/money.h"
#include "common/schedule.h"
#include "core/cli/sfcommand.h"
#include "core/market/marketbackend.h"
#include "core/market/marketdepth.h"
#include "core/market/planmath.h"
#include "core/market/plannerconversion.h"
#include "core/market/procurementcheck.h"
#include "core/models/format.h"
#include "core/models/procurementmodel.h"
#include "core/settings/settings.h"
#include "core/util/plaintext.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/copyactions.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messageboxes.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/marketview.h"
#include "gui/reservations/orderpanel.h"
#include "gui/reservations/plannerchart.h"
#include "gui/reservations/plannertime.h"
#include "gui/reservations/pricewatchdialog.h"
#include "gui/reservations/procurementdialog.h"
#include "gui/reservations/spendguarddialog.h"
#include "gui/reservations/windowsearchdialog.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

SpendGuard::Limits ReservationsPage::spendLimits() const
{
    if (!m_settings || !m_profile)
        return {};
    return SpendGuard::savedLimits(*m_settings, m_profile().id);
}

std::optional<SpendGuard::Decision> ReservationsPage::checkSpend(const OrderRequest& request)
{
    const SpendGuard::Limits limits = spendLimits();
    // A cap counts the day's orders: not knowing them yet is no reason to let an order through.
    if (limits.dailyBuyCap && request.side == u"buy" && !m_backend->ordersKnown()) {
        m_panel->showStatus(tr("Not placed: today's orders are still being read to check your daily buy cap. "
                               "Place it again in a moment."),
                            true);
        return std::nullopt;
    }
    const SpendGuard::Decision decision =
        SpendGuard::decide(request, limits, m_backend->orders(), m_backend->now());
    if (decision.verdict == SpendGuard::Verdict::Refuse) {
        showCapRefusal(decision, *limits.dailyBuyCap);
        return std::nullopt;
    }
    return decision;
}

void ReservationsPage::showCapRefusal(const SpendGuard::Decision& decision, qint64 cap)
{
    m_panel->showStatus(
        tr("Not placed: it would take today's buys past your daily buy cap of %1.").arg(Format::money(cap)),
        true);
    QMessageBox* box = MessageBoxes::make(
        this, u"spendCapRefusal"_s, QMessageBox::Warning, tr("Daily buy cap"),
        tr("This order was not placed: it would take today's buys past your daily buy cap of %1.\n\n"
           "Bought today: %2\nThis order at its limit: %3\nTogether: %4\n\n"
           "Change the cap to place it, or place a smaller order.")
            .arg(Format::money(cap), Format::money(decision.boughtToday), Format::money(decision.total),
                 Format::money(decision.together)));
    QPushButton* change = box->addButton(tr("Change &Cap…"), QMessageBox::ActionRole);
    change->setObjectName(u"spendCapChange"_s);
    change->setIcon(m_spendGuard->icon());
    box->addButton(QMessageBox::Close);
    box->setDefaultButton(QMessageBox::Close);
    connect(change, &QPushButton::clicked, this, [this] { openSpendGuard(true); });
    box->open();
}

void ReservationsPage::placeOrder(const OrderRequest& request)
{
    // One order at a time: a second click (or a double click) while one is on its way places nothing.
    if (!m_backend || m_panel->isPlacing())
        return;
    if (request.side == u"sell"
        && request.nodeCount
               > PlanMath::sellableNodes(m_snapshot, request.sku, request.startAt, request.endAt)) {
        m_panel->showStatus(tr("You cannot sell more than the pool owns over this window."), true);
        return;
    }
    // An attempt whose answer was lost (perhaps before a restart) placed this very order: show it
    // instead of placing it again.
    if (const auto earlier = m_backend->takePlacedEarlier(request)) {
        m_panel->showStatus(tr("Order %1 placed by an earlier attempt whose answer was lost: %2. Placing "
                               "it again is another order.")
                                .arg(earlier->id, earlier->statusText),
                            false);
        return;
    }
    const auto spend = checkSpend(request);
    if (!spend)
        return;
    m_panel->setPlacing(true);
    m_confirmer(this, m_panel->confirmationText(request), [this, request, spend = *spend](bool confirmed) {
        if (!confirmed) {
            m_panel->setPlacing(false);
            return;
        }
        if (spend.verdict != SpendGuard::Verdict::AskAgain) {
            placeConfirmed(request);
            return;
        }
        // Above the connection's threshold: asked once more, the total in a sentence of its own.
        const auto threshold = spendLimits().confirmAbove;
        if (!threshold || spend.total <= *threshold) {
            placeConfirmed(request);
            return;
        }
        m_confirmer(this,
                    tr("This order costs %1 at its limit — more than your confirmation threshold of %2. "
                       "Place it?")
                        .arg(Format::money(spend.total), Format::money(*threshold)),
                    [this, request](bool sure) {
                        if (sure)
                            placeConfirmed(request);
                        else
                            m_panel->setPlacing(false);
                    });
    });
}

void ReservationsPage::placeConfirmed(const OrderRequest& request)
{
    // The page moved on while the question was open (the connection, the pool, the hour): what was
    // confirmed is not what it shows now.
    if (const auto shown = m_panel->request(); !m_backend || !shown || *shown != request) {
        m_panel->setPlacing(false);
        m_panel->showStatus(tr("Not placed: the order changed while the question was open. Check it and "
                               "place it again."),
                            true);
        return;
    }
    // What was bought while the question was open counts too.
    if (!checkSpend(request)) {
        m_panel->setPlacing(false);
        return;
    }
    m_panel->showStatus(tr("Placing the order…"), false);
    m_backend->place(
        request, this,
        [this](const Order& order) {
            m_panel->setPlacing(false);
            m_panel->showStatus(tr("Order %1 placed: %2.").arg(order.id, order.statusText), false);
        },
        [this, request](const QString& message) {
            m_panel->setPlacing(false);
            if (m_backend && m_backend->placeOutcomeUnknown(request)) {
                // The promise holds past a restart only while the record of the attempt is saved.
                const QString notKept = m_backend->unknownOutcomesNotKept();
                m_panel->showStatus(
                    notKept.isEmpty()
                        ? tr("The order may or may not have been placed. %1 Place the same order again "
                             "to find out; it will not be placed twice.")
                              .arg(message)
                        : tr("The order may or may not have been placed. %1 Place the same order again "
                             "before closing sfdesk to find out; until then it will not be placed twice. "
                             "%2")
                              .arg(message, notKept),
                    true);
            } else
                m_panel->showStatus(tr("The order was not placed. %1").arg(message), true);
        });
}

void ReservationsPage::selectSellWindow(bool lastDayOnly)
{
    const QString sku = m_panel->currentSku();
    const qint64 now = m_snapshot.now;
    const std::optional<qint64> lastEnd = m_snapshot.ownedBySku.value(sku).lastEnd();
    // What is sold starts at the next whole hour: the hour under way is already being used.
    const qint64 start = Schedule::ceilTo(now, PlannerTime::Hour);
    if (!lastEnd || *lastEnd <= start) {
        m_panel->showStatus(tr("The pool owns nothing of this SKU from now on."), true);
        return;
    }
    const qint64 end = *lastEnd;
    // The last 24 hours exactly, even when the end is not on an hour.
    const qint64 from = lastDayOnly ? std::max(start, end - PlannerTime::Day) : start;
    m_chart->setSelection(TimeAxis::Window{from, end});
    m_panel->setNodes(int(std::max<qint64>(1, PlanMath::sellableNodes(m_snapshot, sku, from, end))));
}

void ReservationsPage::extend()
{
    if (!m_backend || m_panel->isPlacing())
        return;
    const QString sku = m_panel->currentSku();
    const qint64 length = m_panel->windowLength() > 0 ? m_panel->windowLength() : PlannerTime::Day;
    const auto window = PlanMath::extension(m_snapshot, sku, length);
    if (!window || window->nodeCount <= 0) {
        m_panel->showStatus(tr("The pool owns nothing of this SKU from now on to extend."), true);
        return;
    }
    const qint64 start = window->startAt;
    const qint64 end = window->endAt.value_or(start + length);
    m_panel->setSell(false);
    m_panel->setNodes(int(window->nodeCount));
    m_chart->setSelection(TimeAxis::Window{start, end});
    // setSelection leaves the window as it was when it is already selected.
    m_panel->setWindow(start, end);
    // A limit in the field was chosen for another window: the market is asked for this one's.
    m_panel->setLimit(QString());
    QString why;
    auto request = m_panel->request(&why);
    if (!request) {
        m_panel->showStatus(why, true);
        return;
    }
    m_panel->showStatus(tr("Asking the market for the rate…"), false);
    m_backend->preview(
        *request, this,
        [this, request = *request](const OrderPreview& preview) {
            const auto rate = Money::parseRate(preview.postOrderBody.limitPrice);
            // The answer is for the extension as it was asked for; the panel may have moved on.
            const auto shown = m_panel->request();
            if (!shown || shown->startAt != request.startAt || shown->endAt != request.endAt
                || shown->nodeCount != request.nodeCount || shown->sku != request.sku)
                return;
            if (!preview.quoted || !rate) {
                m_panel->showStatus(tr("The market has no rate for this window; set a limit and place it."),
                                    true);
                return;
            }
            // The market's price, rounded up to a rate's precision so that the order still fills.
            m_panel->setProposedLimit(Format::rateInput(*rate, Format::Rounding::Up));
            if (const auto withLimit = m_panel->request(); withLimit && !withLimit->limitPrice.isEmpty())
                placeOrder(*withLimit);
        },
        [this, request = *request](const QString& message) {
            m_panel->showPreviewError(request, message);
            m_panel->showStatus(tr("No rate for the extension: %1").arg(message), true);
        });
}

} // namespace sfdesk
