// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/pricewatchdialog.h"

#include "common/money.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/spendguarddialog.h"
#include "ui_pricewatchdialog.h"
#include "ui_pricewatchesdialog.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTimeZone>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;

// The form sets the field's format; the time and its zone are the watch's.
void setTime(QDateTimeEdit* edit, qint64 secs, bool utc)
{
    edit->setTimeZone(utc ? QTimeZone::UTC : QTimeZone::LocalTime);
    edit->setDateTime(QDateTime::fromSecsSinceEpoch(secs, edit->timeZone()));
}

} // namespace

PriceWatchDialog::PriceWatchDialog(PriceWatchList* watches, const PriceWatch& watch,
                                   const QList<std::pair<QString, QString>>& skus, bool utc, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PriceWatchDialog>())
    , m_watches(watches)
    , m_watch(watch)
    , m_expiresFollows(watch.expiresAt == watch.latestStart)
{
    m_ui->setupUi(this);
    setObjectName(u"priceWatchDialog"_s);
    setWindowTitle(watch.id.isEmpty() ? tr("Watch This Window") : tr("Edit Price Watch"));
    m_sku = m_ui->priceWatchSku;
    m_nodes = m_ui->priceWatchNodes;
    m_hours = m_ui->priceWatchHours;
    m_earliest = m_ui->priceWatchEarliest;
    m_latest = m_ui->priceWatchLatest;
    m_price = m_ui->priceWatchPrice;
    m_expires = m_ui->priceWatchExpires;
    m_problem = m_ui->priceWatchProblem;
    for (const auto& [id, name] : skus)
        m_sku->addItem(name, id);
    if (m_sku->findData(watch.sku) < 0 && !watch.sku.isEmpty())
        m_sku->addItem(watch.sku, watch.sku);
    m_sku->setCurrentIndex(m_sku->findData(watch.sku));
    m_nodes->setValue(int(std::clamp<qint64>(watch.nodes, m_nodes->minimum(), m_nodes->maximum())));
    m_hours->setValue(int(std::clamp<qint64>(watch.duration / Hour, m_hours->minimum(), m_hours->maximum())));
    setTime(m_earliest, watch.earliestStart, utc);
    setTime(m_latest, watch.latestStart, utc);
    setTime(m_expires, watch.expiresAt, utc);
    // Exact: the watch compares to the micro-dollar.
    m_price->setText(Money::formatAmount(watch.maxRateMicros));
    m_problem->hide();

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &PriceWatchDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &PriceWatchDialog::reject);
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
    , m_ui(std::make_unique<Ui::PriceWatchesDialog>())
    , m_watches(watches)
    , m_skus(skus)
    , m_utc(utc)
{
    m_ui->setupUi(this);
    setObjectName(u"priceWatchesDialog"_s);
    m_table = m_ui->priceWatchesTable;
    m_edit = m_ui->priceWatchesEdit;
    m_delete = m_ui->priceWatchesDelete;
    m_buy = m_ui->priceWatchesBuy;
    m_edit->setIcon(ThemeIcons::icon(QStringLiteral("document-properties")));
    m_delete->setIcon(ThemeIcons::icon(QStringLiteral("edit-delete")));
    m_buy->setIcon(ThemeIcons::icon(QStringLiteral("document-send")));
    m_table->setModel(watches);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);

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
