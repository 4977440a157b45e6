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
    , m_expiresFollows(watch.expiresAt == watch.starts.latest)
{
    m_ui->setupUi(this);
    setObjectName(u"priceWatchDialog"_s);
    setWindowTitle(watch.id.isEmpty() ? tr("Watch This Window") : tr("Edit Price Watch"));
    for (const auto& [id, name] : skus)
        m_ui->priceWatchSku->addItem(name, id);
    if (m_ui->priceWatchSku->findData(watch.sku) < 0 && !watch.sku.isEmpty())
        m_ui->priceWatchSku->addItem(watch.sku, watch.sku);
    m_ui->priceWatchSku->setCurrentIndex(m_ui->priceWatchSku->findData(watch.sku));
    m_ui->priceWatchNodes->setValue(int(
        std::clamp<qint64>(watch.nodes, m_ui->priceWatchNodes->minimum(), m_ui->priceWatchNodes->maximum())));
    m_ui->priceWatchHours->setValue(int(std::clamp<qint64>(
        watch.duration / Hour, m_ui->priceWatchHours->minimum(), m_ui->priceWatchHours->maximum())));
    setTime(m_ui->priceWatchEarliest, watch.starts.earliest, utc);
    setTime(m_ui->priceWatchLatest, watch.starts.latest, utc);
    setTime(m_ui->priceWatchExpires, watch.expiresAt, utc);
    // Exact: the watch compares to the micro-dollar.
    m_ui->priceWatchPrice->setText(Money::formatAmount(watch.maxRateMicros));
    m_ui->priceWatchProblem->hide();

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &PriceWatchDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &PriceWatchDialog::reject);
    // Expiring with the last start to wait for, unless told otherwise: a later latest start takes it
    // along.
    connect(m_ui->priceWatchLatest, &QDateTimeEdit::dateTimeChanged, this, [this](const QDateTime& latest) {
        if (m_expiresFollows)
            m_ui->priceWatchExpires->setDateTime(latest);
    });
    connect(m_ui->priceWatchExpires, &QDateTimeEdit::editingFinished, this, [this] {
        m_expiresFollows = m_ui->priceWatchExpires->dateTime() == m_ui->priceWatchLatest->dateTime();
    });
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
        m_ui->priceWatchProblem->setText(why);
        m_ui->priceWatchProblem->show();
        field->setFocus();
    };
    PriceWatch watch = m_watch;
    watch.sku = m_ui->priceWatchSku->currentData().toString();
    watch.nodes = m_ui->priceWatchNodes->value();
    watch.duration = qint64(m_ui->priceWatchHours->value()) * Hour;
    watch.starts.earliest = m_ui->priceWatchEarliest->dateTime().toSecsSinceEpoch();
    watch.starts.latest = m_ui->priceWatchLatest->dateTime().toSecsSinceEpoch();
    watch.expiresAt = m_ui->priceWatchExpires->dateTime().toSecsSinceEpoch();
    QString why;
    const auto price = SpendGuardDialog::parseAmount(m_ui->priceWatchPrice->text(), &why);
    if (watch.sku.isEmpty())
        return refuse(m_ui->priceWatchSku, tr("Choose a SKU."));
    if (watch.starts.latest < watch.starts.earliest)
        return refuse(m_ui->priceWatchLatest, tr("The latest start is before the earliest."));
    if (!price)
        return refuse(m_ui->priceWatchPrice, tr("%1: %2").arg(m_ui->priceWatchPrice->accessibleName(), why));
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
    m_ui->priceWatchesEdit->setIcon(ThemeIcons::icon(QStringLiteral("document-properties")));
    m_ui->priceWatchesDelete->setIcon(ThemeIcons::icon(QStringLiteral("edit-delete")));
    m_ui->priceWatchesBuy->setIcon(ThemeIcons::icon(QStringLiteral("document-send")));
    m_table->setModel(watches);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_ui->priceWatchesEdit, &QPushButton::clicked, this, [this] {
        if (const auto watch = current())
            PriceWatchDialog::openFor(m_watches, *watch, m_skus, m_utc, this);
    });
    connect(m_ui->priceWatchesDelete, &QPushButton::clicked, this, [this] {
        if (const auto watch = current(); watch && m_watches)
            m_watches->remove(watch->id);
    });
    connect(m_ui->priceWatchesBuy, &QPushButton::clicked, this, [this] {
        if (const auto watch = current(); watch && watch->fired) {
            Q_EMIT buyRequested(*watch);
            accept();
        }
    });
    connect(m_table, &QTableView::activated, m_ui->priceWatchesEdit, &QPushButton::click);
    // Delete on the list deletes the current watch, as the button does.
    auto* remove = new QAction(m_table);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(remove);
    connect(remove, &QAction::triggered, m_ui->priceWatchesDelete, &QPushButton::click);
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
    m_ui->priceWatchesEdit->setEnabled(watch.has_value());
    m_ui->priceWatchesDelete->setEnabled(watch.has_value());
    m_ui->priceWatchesBuy->setEnabled(watch && watch->fired);
}

} // namespace sfdesk
