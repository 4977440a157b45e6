// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/pricewatchdialog.h"

#include "common/money.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/spendguarddialog.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTimeZone>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;

QDateTimeEdit* timeEdit(QWidget* parent, const QString& objectName, const QString& accessibleName,
                        qint64 secs, bool utc)
{
    auto* edit = new QDateTimeEdit(parent);
    edit->setObjectName(objectName);
    edit->setAccessibleName(accessibleName);
    edit->setTimeZone(utc ? QTimeZone::UTC : QTimeZone::LocalTime);
    edit->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
    edit->setCalendarPopup(true);
    edit->setDateTime(QDateTime::fromSecsSinceEpoch(secs, edit->timeZone()));
    return edit;
}

} // namespace

PriceWatchDialog::PriceWatchDialog(PriceWatchList* watches, const PriceWatch& watch,
                                   const QList<std::pair<QString, QString>>& skus, bool utc, QWidget* parent)
    : QDialog(parent)
    , m_watches(watches)
    , m_watch(watch)
    , m_sku(new QComboBox(this))
    , m_nodes(new QSpinBox(this))
    , m_hours(new QSpinBox(this))
    , m_earliest(timeEdit(this, u"priceWatchEarliest"_s, tr("Earliest start"), watch.earliestStart, utc))
    , m_latest(timeEdit(this, u"priceWatchLatest"_s, tr("Latest start"), watch.latestStart, utc))
    , m_price(new QLineEdit(this))
    , m_expires(timeEdit(this, u"priceWatchExpires"_s, tr("Watch expires"), watch.expiresAt, utc))
    , m_problem(PlainText::label(this))
    , m_expiresFollows(watch.expiresAt == watch.latestStart)
{
    setObjectName(u"priceWatchDialog"_s);
    setWindowTitle(watch.id.isEmpty() ? tr("Watch This Window") : tr("Edit Price Watch"));
    m_sku->setObjectName(u"priceWatchSku"_s);
    m_sku->setAccessibleName(tr("SKU"));
    for (const auto& [id, name] : skus)
        m_sku->addItem(name, id);
    if (m_sku->findData(watch.sku) < 0 && !watch.sku.isEmpty())
        m_sku->addItem(watch.sku, watch.sku);
    m_sku->setCurrentIndex(m_sku->findData(watch.sku));
    m_nodes->setObjectName(u"priceWatchNodes"_s);
    m_nodes->setAccessibleName(tr("Nodes"));
    m_nodes->setRange(1, 10'000);
    m_nodes->setValue(int(std::clamp<qint64>(watch.nodes, 1, 10'000)));
    m_hours->setObjectName(u"priceWatchHours"_s);
    m_hours->setAccessibleName(tr("Length in hours"));
    m_hours->setRange(1, 24 * 366);
    m_hours->setSuffix(tr(" h"));
    m_hours->setValue(int(std::clamp<qint64>(watch.duration / Hour, 1, 24 * 366)));
    m_price->setObjectName(u"priceWatchPrice"_s);
    m_price->setAccessibleName(tr("Most per node-hour in dollars"));
    // Exact: the watch compares to the micro-dollar.
    m_price->setText(Money::formatAmount(watch.maxRateMicros));
    m_problem->setObjectName(u"priceWatchProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto* intro = PlainText::label(
        this, tr("sfdesk checks the market at the connection's refresh and tells you once when this window "
                 "is offered at or under the price. Nothing is bought until you choose Buy… and place the "
                 "order."));
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    const auto row = [this, form](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, this);
        label->setTextFormat(Qt::PlainText);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(tr("S&KU:"), m_sku);
    row(tr("&Nodes:"), m_nodes);
    row(tr("&Length:"), m_hours);
    row(tr("&Earliest start:"), m_earliest);
    row(tr("La&test start:"), m_latest);
    row(tr("At &most ($/node-hour):"), m_price);
    row(tr("E&xpires:"), m_expires);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PriceWatchDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &PriceWatchDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
    layout->addWidget(buttons);
    // Expiring with the last start to wait for, unless told otherwise: a later latest start takes it
    // along.
    connect(m_latest, &QDateTimeEdit::dateTimeChanged, this, [this](const QDateTime& latest) {
        if (m_expiresFollows)
            m_expires->setDateTime(latest);
    });
    connect(m_expires, &QDateTimeEdit::editingFinished, this,
            [this] { m_expiresFollows = m_expires->dateTime() == m_latest->dateTime(); });
    resize(520, sizeHint().height());
}

PriceWatchDialog::~PriceWatchDialog() = default;

PriceWatchDialog* PriceWatchDialog::openFor(PriceWatchList* watches, const PriceWatch& watch,
                                            const QList<std::pair<QString, QString>>& skus, bool utc,
                                            QWidget* parent)
{
    auto* dialog = new PriceWatchDialog(watches, watch, skus, utc, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void PriceWatchDialog::accept()
{
    const auto refuse = [this](QWidget* field, const QString& why) {
        m_problem->setText(why);
        m_problem->show();
        field->setFocus();
    };
    PriceWatch watch = m_watch;
    watch.sku = m_sku->currentData().toString();
    watch.nodes = m_nodes->value();
    watch.duration = qint64(m_hours->value()) * Hour;
    watch.earliestStart = m_earliest->dateTime().toSecsSinceEpoch();
    watch.latestStart = m_latest->dateTime().toSecsSinceEpoch();
    watch.expiresAt = m_expires->dateTime().toSecsSinceEpoch();
    QString why;
    const auto price = SpendGuardDialog::parseAmount(m_price->text(), &why);
    if (watch.sku.isEmpty())
        return refuse(m_sku, tr("Choose a SKU."));
    if (watch.latestStart < watch.earliestStart)
        return refuse(m_latest, tr("The latest start is before the earliest."));
    if (!price)
        return refuse(m_price, tr("%1: %2").arg(m_price->accessibleName(), why));
    watch.maxRateMicros = *price;
    if (!m_watches)
        return QDialog::reject();
    Q_EMIT saved(m_watches->save(watch));
    QDialog::accept();
}

PriceWatchesDialog::PriceWatchesDialog(PriceWatchList* watches,
                                       const QList<std::pair<QString, QString>>& skus, bool utc,
                                       QWidget* parent)
    : QDialog(parent)
    , m_watches(watches)
    , m_skus(skus)
    , m_utc(utc)
    , m_table(new QTableView(this))
    , m_edit(new QPushButton(ThemeIcons::icon(QStringLiteral("document-properties")), tr("&Edit…"), this))
    , m_delete(new QPushButton(ThemeIcons::icon(QStringLiteral("edit-delete")), tr("&Delete"), this))
    , m_buy(new QPushButton(ThemeIcons::icon(QStringLiteral("document-send")), tr("&Buy…"), this))
{
    setObjectName(u"priceWatchesDialog"_s);
    setWindowTitle(tr("Price Watches"));
    m_table->setObjectName(u"priceWatchesTable"_s);
    m_table->setAccessibleName(tr("Price watches"));
    m_table->setAccessibleDescription(tr(
        "Each watch waits for a window offered at or under its price. Enter edits it, Delete deletes it."));
    m_table->setModel(watches);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setTabKeyNavigation(false);
    m_edit->setObjectName(u"priceWatchesEdit"_s);
    m_delete->setObjectName(u"priceWatchesDelete"_s);
    m_buy->setObjectName(u"priceWatchesBuy"_s);
    m_buy->setToolTip(tr("Open the order of the window offered, in the planner"));
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* side = new QVBoxLayout;
    side->addWidget(m_edit);
    side->addWidget(m_delete);
    side->addWidget(m_buy);
    side->addStretch(1);
    auto* top = new QHBoxLayout;
    top->addWidget(m_table, 1);
    top->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(close);

    connect(m_edit, &QPushButton::clicked, this, [this] {
        if (const auto watch = current())
            PriceWatchDialog::openFor(m_watches, *watch, m_skus, m_utc, this);
    });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        if (const auto watch = current(); watch && m_watches)
            m_watches->remove(watch->id);
    });
    connect(m_buy, &QPushButton::clicked, this, [this] {
        if (const auto watch = current(); watch && watch->fired) {
            Q_EMIT buyRequested(*watch);
            accept();
        }
    });
    connect(m_table, &QTableView::activated, m_edit, &QPushButton::click);
    // Delete on the list deletes the current watch, as the button does.
    auto* remove = new QAction(m_table);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(remove);
    connect(remove, &QAction::triggered, m_delete, &QPushButton::click);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &PriceWatchesDialog::updateButtons);
    if (watches) {
        connect(watches, &QAbstractItemModel::dataChanged, this, &PriceWatchesDialog::updateButtons);
        connect(watches, &QAbstractItemModel::modelReset, this, &PriceWatchesDialog::updateButtons);
        connect(watches, &QAbstractItemModel::rowsRemoved, this, &PriceWatchesDialog::updateButtons);
        if (watches->rowCount() > 0)
            m_table->setCurrentIndex(watches->index(0, 0));
    }
    updateButtons();
    resize(900, 360);
}

PriceWatchesDialog::~PriceWatchesDialog() = default;

std::optional<PriceWatch> PriceWatchesDialog::current() const
{
    const QModelIndex index = m_table->currentIndex();
    if (!m_watches || !index.isValid())
        return std::nullopt;
    return m_watches->watch(index.siblingAtColumn(0).data(PriceWatchList::IdRole).toString());
}

void PriceWatchesDialog::updateButtons()
{
    const auto watch = current();
    m_edit->setEnabled(watch.has_value());
    m_delete->setEnabled(watch.has_value());
    m_buy->setEnabled(watch && watch->fired);
}

} // namespace sfdesk
