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

void ReservationsPage::setUpProcurements()
{
    // The pool's procurements, each with its status line; the procurement actions work on the
    // current one (Enter edits, Delete deletes, the context menu has them all).
    m_procurementList->setObjectName(u"plannerProcurements"_s);
    m_procurementList->setAccessibleName(tr("Procurements of the pool"));
    m_procurementList->setAccessibleDescription(
        tr("Each procurement keeps a target node count of a SKU over a rolling window. Enter edits it, "
           "Delete deletes it, the context menu has every action."));
    m_procurementList->setRootIsDecorated(false);
    m_procurementList->setUniformRowHeights(true);
    m_procurementList->setHeaderLabels(
        {tr("Procurement"), tr("Keeps"), tr("Buys at most"), tr("Sells at least"), tr("Status")});
    m_procurementList->header()->setStretchLastSection(true);
    m_procurementList->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_procurementList->setContextMenuPolicy(Qt::CustomContextMenu);
    m_procurementList->setMaximumHeight(110);
    m_procurementList->hide();

    const std::pair<QAction*, const char*> procurementActions[] = {
        {m_keep, "plannerKeepAction"},
        {m_editProcurement, "plannerEditProcurement"},
        {m_toggleProcurement, "plannerToggleProcurement"},
        {m_deleteProcurement, "plannerDeleteProcurement"},
        {m_copyProcurement, "plannerCopyProcurement"},
    };
    for (const auto& [action, name] : procurementActions) {
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        m_menu->addAction(action);
    }
    m_keep->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_editProcurement->setShortcut(QKeySequence(Qt::Key_F2));
    m_toggleProcurement->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_deleteProcurement->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Delete));
    connect(m_keep, &QAction::triggered, this, &ReservationsPage::keepFromSelection);
    connect(m_editProcurement, &QAction::triggered, this, &ReservationsPage::editProcurement);
    connect(m_toggleProcurement, &QAction::triggered, this, &ReservationsPage::toggleProcurement);
    connect(m_deleteProcurement, &QAction::triggered, this, &ReservationsPage::deleteProcurement);
    connect(m_copyProcurement, &QAction::triggered, this, &ReservationsPage::copyProcurementCommand);
    connect(m_procurementList, &QTreeWidget::itemActivated, this, &ReservationsPage::editProcurement);
    connect(m_procurementList, &QTreeWidget::currentItemChanged, this,
            &ReservationsPage::updateProcurementActions);
    connect(m_procurementList, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QTreeWidgetItem* item = m_procurementList->itemAt(pos);
        showChartMenu(m_procurementList->viewport()->mapToGlobal(pos),
                      item ? item->data(0, Qt::UserRole).toString() : QString());
    });
    // Delete in the list deletes the current procurement (Ctrl+Delete anywhere on the page).
    auto* deleteKey = new QAction(this);
    deleteKey->setShortcut(QKeySequence::Delete);
    deleteKey->setShortcutContext(Qt::WidgetShortcut);
    m_procurementList->addAction(deleteKey);
    connect(deleteKey, &QAction::triggered, this, &ReservationsPage::deleteProcurement);
}

QString ReservationsPage::procurementStatus(const PlannerProcurement& procurement) const
{
    const qint64 now = m_snapshot.now;
    const QList<HourQuote> quotes = procurement.sku == m_quotesSku ? m_quotes : QList<HourQuote>();
    const ProcurementCheck::Standing check =
        ProcurementCheck::evaluate(procurement, m_snapshot.ownedBySku.value(procurement.sku), now, quotes);
    const QString window = ProcurementModel::windowText(procurement.window / 60);
    switch (check.kind) {
    case ProcurementCheck::Standing::Kind::Disabled:
        return tr("Disabled: it places no orders.");
    case ProcurementCheck::Standing::Kind::OnTarget:
        return tr("On target: %n node(s) over the next %1.", nullptr, int(procurement.target)).arg(window);
    case ProcurementCheck::Standing::Kind::Over:
        return tr("Over target: %1 of %2 nodes at %3; it sells the rest at %4 or more.")
            .arg(check.owned)
            .arg(procurement.target)
            .arg(PlannerTime::format(check.at, m_utc), Format::rate(procurement.minSellMicros));
    case ProcurementCheck::Standing::Kind::Short:
        break;
    }
    const QString start = tr("Short of target: %1 of %2 nodes at %3")
                              .arg(check.owned)
                              .arg(procurement.target)
                              .arg(PlannerTime::format(check.at, m_utc));
    if (check.capUnderAsk())
        return tr("%1; the price cap, %2, is under the best ask, %3.")
            .arg(start, Format::rate(procurement.maxBuyMicros), Format::rate(*check.bestAsk));
    if (check.quoteKnown && !check.bestAsk)
        return tr("%1; nothing is offered then.").arg(start);
    if (check.quoteKnown)
        return tr("%1; buying at up to %2.").arg(start, Format::rate(procurement.maxBuyMicros));
    // Without the market's prices for that hour, the server's word for why.
    return procurement.statusMessage.isEmpty() ? start + u'.'
                                               : tr("%1. %2").arg(start, procurement.statusMessage);
}

void ReservationsPage::updateProcurementList()
{
    const QString current = currentProcurement() ? currentProcurement()->id : QString();
    QSignalBlocker blocker(m_procurementList);
    m_procurementList->clear();
    for (const PlannerProcurement& procurement : std::as_const(m_snapshot.procurements)) {
        auto* item = new QTreeWidgetItem(m_procurementList);
        item->setData(0, Qt::UserRole, procurement.id);
        item->setText(0, procurement.name);
        item->setText(
            1, tr("%1 × %2 over %3")
                   .arg(procurement.target)
                   .arg(skuName(procurement.sku), ProcurementModel::windowText(procurement.window / 60)));
        item->setText(2, Format::rate(procurement.maxBuyMicros));
        item->setText(3, Format::rate(procurement.minSellMicros));
        const QString status = procurementStatus(procurement);
        item->setText(4, status);
        // The line may quote the server.
        item->setToolTip(4, PlainText::toolTip(status));
        if (procurement.id == current)
            m_procurementList->setCurrentItem(item);
    }
    if (!m_procurementList->currentItem() && m_procurementList->topLevelItemCount() > 0)
        m_procurementList->setCurrentItem(m_procurementList->topLevelItem(0));
    m_procurementList->setVisible(m_procurementList->topLevelItemCount() > 0);
    blocker.unblock();
    updateProcurementActions();
}

std::optional<Procurement> ReservationsPage::currentProcurement() const
{
    const QTreeWidgetItem* item = m_procurementList->currentItem();
    if (!item || !m_backend)
        return std::nullopt;
    const QString id = item->data(0, Qt::UserRole).toString();
    for (const Procurement& procurement : constValue(m_backend->procurements())) {
        if (procurement.id == id)
            return procurement;
    }
    return std::nullopt;
}

void ReservationsPage::selectProcurement(const QString& id)
{
    for (int i = 0; i < m_procurementList->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_procurementList->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toString() == id)
            m_procurementList->setCurrentItem(item);
    }
}

void ReservationsPage::updateProcurementActions()
{
    const auto current = currentProcurement();
    m_keep->setEnabled(m_backend && !currentPool().isEmpty());
    for (QAction* action : {m_editProcurement, m_toggleProcurement, m_deleteProcurement, m_copyProcurement})
        action->setEnabled(current.has_value());
    const bool disabled = current && !current->enabled;
    m_toggleProcurement->setText(disabled ? tr("Ena&ble Procurement") : tr("Disa&ble Procurement"));
    m_toggleProcurement->setIcon(ThemeIcons::icon(disabled ? QStringLiteral("media-playback-start")
                                                           : QStringLiteral("media-playback-pause")));
}

void ReservationsPage::keepFromSelection()
{
    const QString sku = m_panel->currentSku();
    if (!m_backend || currentPool().isEmpty() || sku.isEmpty())
        return;
    // The selection's end says how far ahead; without one, the next day.
    const qint64 now = m_backend->now();
    const qint64 until = m_chart->selection() ? m_chart->selection()->end : now + PlannerTime::Day;
    keepNodes(sku, std::max(1, m_panel->nodes()), until);
}

void ReservationsPage::keepNodes(const QString& sku, qint64 nodes, qint64 until, qint64 rate)
{
    const auto pool = m_backend ? m_backend->pool(currentPool()) : std::nullopt;
    if (!pool)
        return;
    const qint64 now = m_backend->now();
    ProcurementRequest initial;
    initial.pool = pool->id;
    initial.sku = sku;
    initial.target = nodes;
    initial.windowMinutes = std::max<qint64>(60, (until - now + 59) / 60);
    // The best ask the chart shows over the window, for the hint and a cap above it.
    std::optional<qint64> highestAsk;
    if (sku == m_quotesSku) {
        for (const HourQuote& quote : std::as_const(m_quotes)) {
            if (quote.hourStart + PlannerTime::Hour > now && quote.hourStart < until && quote.bestAsk)
                highestAsk = std::max(highestAsk.value_or(0), *quote.bestAsk);
        }
    }
    if (rate <= 0)
        rate = Money::parseRate(m_panel->limitText()).value_or(0);
    // A cap a tenth above the dearest hour, so that it buys through the window.
    if (rate <= 0 && highestAsk)
        rate = *highestAsk + *highestAsk / 10;
    if (rate > 0) {
        initial.maxBuyPrice = Money::formatRate(Money::roundUpToMinutePrecision(rate));
        // Selling back only well above what it pays.
        initial.minSellPrice = Money::formatRate(Money::roundUpToMinutePrecision(rate * 2));
    }
    auto* dialog = new ProcurementDialog(m_backend, pool->id, pool->name, skuChoices(), initial, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (highestAsk)
        dialog->setMarketHint(tr("The best ask over the next %1 is %2 at most (the chart's prices).")
                                  .arg(CliTime::formatDuration(until - now), Format::rate(*highestAsk)));
    else
        dialog->setMarketHint(tr("It keeps the target from now on, over a window that rolls forward."));
    connect(dialog, &ProcurementDialog::saved, this, [this](const Procurement& made) {
        selectProcurement(made.id);
        m_message->setText(tr("Procurement %1 keeps %n node(s) of %2.", nullptr, int(made.target))
                               .arg(made.name, skuName(made.sku.id)));
    });
    dialog->open();
}

void ReservationsPage::editProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    auto* dialog = new ProcurementDialog(m_backend, *current, skuChoices(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ProcurementDialog::saved, this, [this](const Procurement& saved) {
        selectProcurement(saved.id);
        m_message->setText(tr("Procurement %1 saved.").arg(saved.name));
    });
    dialog->open();
}

void ReservationsPage::toggleProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    ProcurementChange change;
    change.enabled = !current->enabled;
    const QString name = current->name;
    m_backend->updateProcurement(
        current->id, change, this,
        [this](const Procurement& changed) {
            m_message->setText(changed.enabled ? tr("Procurement %1 runs again.").arg(changed.name)
                                               : tr("Procurement %1 is disabled: its standing orders "
                                                    "are cancelled.")
                                                     .arg(changed.name));
        },
        [this, name](const QString& message) {
            m_message->setText(tr("Procurement %1 was not changed: %2").arg(name, message));
        });
}

void ReservationsPage::deleteProcurement()
{
    const auto current = currentProcurement();
    if (!current || !m_backend)
        return;
    const Procurement& target = *current;
    QMessageBox* box =
        MessageBoxes::make(this, u"deleteProcurementBox"_s, QMessageBox::Warning, tr("Delete Procurement"),
                           tr("Delete procurement \"%1\"? It stops buying and selling, and its standing "
                              "orders are cancelled; what it bought stays in the pool.")
                               .arg(target.name));
    QPushButton* yes = box->addButton(tr("&Delete Procurement"), QMessageBox::DestructiveRole);
    yes->setObjectName(u"deleteProcurementConfirm"_s);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, yes, target](QAbstractButton* clicked) {
        if (clicked != yes || !m_backend)
            return;
        m_backend->deleteProcurement(
            target.id, this,
            [this, target] { m_message->setText(tr("Procurement %1 deleted.").arg(target.name)); },
            [this, target](const QString& message) {
                m_message->setText(tr("Procurement %1 was not deleted: %2").arg(target.name, message));
            });
    });
    box->open();
}

void ReservationsPage::copyProcurementCommand()
{
    const auto current = currentProcurement();
    if (!current)
        return;
    SfCommand::ProcurementCreate create;
    create.name = current->name;
    create.pool = current->pool.name.isEmpty() ? current->pool.id : current->pool.name;
    create.sku = current->sku.id;
    create.target = current->target;
    create.maxBuyPrice = Money::formatRate(current->maxBuyPrice.micros);
    create.minSellPrice = Money::formatRate(current->minSellPrice.micros);
    create.windowMinutes = current->windowMinutes;
    CopyActions::copy(SfCommand::procurementCreate(create));
    m_message->setText(tr("Copied the sf command that creates procurement %1.").arg(current->name));
}

} // namespace sfdesk
