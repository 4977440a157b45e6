// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/procurementdialog.h"

#include "common/clitime.h"
#include "common/money.h"
#include "core/cli/sfcommand.h"
#include "core/market/marketbackend.h"
#include "gui/common/copyactions.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "ui_procurementdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

// The API's bounds of a managed window, in minutes.
constexpr qint64 MaxWindowMinutes = 129'600;
constexpr int MaxTarget = 10'000;

// A price as typed ("2.5", "$20", "20.00") as the API's decimal string ("2.50", "20.00").
std::optional<QString> apiRate(QString text, QString* why)
{
    text = text.trimmed();
    if (text.startsWith(u'$'))
        text = text.mid(1).trimmed();
    static const QRegularExpression whole(QRegularExpression::anchoredPattern(u"\\d+"_s));
    if (whole.match(text).hasMatch())
        text += u".00"_s;
    const std::optional<qint64> rate = Money::parseRate(text, why);
    if (!rate)
        return std::nullopt;
    return Money::formatRate(*rate);
}

} // namespace

ProcurementDialog::ProcurementDialog(MarketBackend* backend, const QString& poolId, const QString& poolName,
                                     const SkuNames& skus, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ProcurementDialog>())
    , m_backend(backend)
    , m_poolId(poolId)
{
    m_ui->setupUi(this);
    setObjectName(u"procurementDialog"_s);
    m_save = m_ui->buttonBox->button(QDialogButtonBox::Ok);
    m_copy = new QPushButton(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Copy as sf &Command"), this);
    m_ui->procurementPool->setText(poolName);
    for (const auto& [id, name] : skus)
        m_ui->procurementSku->addItem(name, id);
    m_ui->procurementTarget->setMaximum(MaxTarget);
    for (QLabel* label : {m_ui->procurementHint, m_ui->procurementNote, m_ui->procurementError}) {
        label->setWordWrap(true);
        // The hint quotes prices, the error the server: never markup.
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        label->setFocusPolicy(Qt::NoFocus);
        label->hide();
    }
    m_ui->procurementError->setForegroundRole(QPalette::BrightText);
    m_request = new DialogRequest(m_ui->procurementError, [this] { updateState(); }, this);
    m_save->setObjectName(u"procurementSave"_s);
    m_copy->setObjectName(u"procurementCopyCommand"_s);
    m_ui->buttonBox->addButton(m_copy, QDialogButtonBox::ActionRole);

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ProcurementDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        const QString line = command();
        if (!line.isEmpty())
            CopyActions::copy(line);
    });
    for (QLineEdit* edit :
         {m_ui->procurementName, m_ui->procurementWindow, m_ui->procurementMaxBuy, m_ui->procurementMinSell})
        connect(edit, &QLineEdit::textChanged, this, &ProcurementDialog::updateState);
    connect(m_ui->procurementTarget, &QSpinBox::valueChanged, this, &ProcurementDialog::updateState);
    connect(m_ui->procurementSku, &QComboBox::currentIndexChanged, this, &ProcurementDialog::updateState);
    connect(m_ui->procurementEnabled, &QCheckBox::toggled, this, &ProcurementDialog::updateState);
}

ProcurementDialog::ProcurementDialog(MarketBackend* backend, const QString& poolId, const QString& poolName,
                                     const SkuNames& skus, const ProcurementRequest& initial, QWidget* parent)
    : ProcurementDialog(backend, poolId, poolName, skus, parent)
{
    setWindowTitle(tr("Keep Nodes from Here On"));
    m_save->setText(tr("Cr&eate Procurement"));
    fill(initial);
}

ProcurementDialog::ProcurementDialog(MarketBackend* backend, const Procurement& existing,
                                     const SkuNames& skus, QWidget* parent)
    : ProcurementDialog(backend, existing.pool.id,
                        existing.pool.name.isEmpty() ? existing.pool.id : existing.pool.name, skus, parent)
{
    m_existing = existing;
    setWindowTitle(tr("Edit Procurement %1").arg(existing.name));
    m_save->setText(tr("&Save"));
    if (m_ui->procurementSku->findData(existing.sku.id) < 0)
        m_ui->procurementSku->addItem(existing.sku.name.isEmpty() ? existing.sku.id : existing.sku.name,
                                      existing.sku.id);
    ProcurementRequest values;
    values.name = existing.name;
    values.pool = existing.pool.id;
    values.sku = existing.sku.id;
    values.target = existing.target;
    values.maxBuyPrice = Money::formatRate(existing.maxBuyPrice.micros);
    values.minSellPrice = Money::formatRate(existing.minSellPrice.micros);
    values.windowMinutes = existing.windowMinutes;
    values.enabled = existing.enabled;
    fill(values);
}

ProcurementDialog::~ProcurementDialog() = default;

void ProcurementDialog::fill(const ProcurementRequest& values)
{
    m_ui->procurementName->setText(values.name);
    m_ui->procurementSku->setCurrentIndex(std::max(0, m_ui->procurementSku->findData(values.sku)));
    m_ui->procurementTarget->setValue(int(std::clamp<qint64>(values.target, 0, MaxTarget)));
    m_ui->procurementWindow->setText(SfCommand::cliDuration(std::max<qint64>(1, values.windowMinutes) * 60));
    m_ui->procurementMaxBuy->setText(values.maxBuyPrice);
    m_ui->procurementMinSell->setText(values.minSellPrice);
    m_ui->procurementEnabled->setChecked(values.enabled);
    updateState();
}

std::optional<ProcurementRequest> ProcurementDialog::request(QString* why) const
{
    const auto refuse = [why](const QString& message) -> std::optional<ProcurementRequest> {
        if (why)
            *why = message;
        return std::nullopt;
    };
    ProcurementRequest request;
    request.name = m_ui->procurementName->text().trimmed();
    static const QRegularExpression name(
        QRegularExpression::anchoredPattern(u"[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}"_s));
    if (!request.name.isEmpty() && !name.match(request.name).hasMatch())
        return refuse(tr("A name starts with a letter or digit and holds only letters, digits, '.', '_' and "
                         "'-'."));
    request.pool = m_poolId;
    request.sku = m_ui->procurementSku->currentData().toString();
    if (request.sku.isEmpty())
        return refuse(tr("Choose a SKU."));
    request.target = m_ui->procurementTarget->value();
    QString problem;
    const std::optional<qint64> window = CliTime::parseDuration(m_ui->procurementWindow->text(), &problem);
    if (!window)
        return refuse(tr("Over the next: %1").arg(problem));
    if (*window < 60 || *window % 60 != 0 || *window / 60 > MaxWindowMinutes)
        return refuse(tr("The window is whole minutes, from one minute to 90 days."));
    request.windowMinutes = *window / 60;
    const auto maxBuy = apiRate(m_ui->procurementMaxBuy->text(), &problem);
    if (!maxBuy)
        return refuse(tr("Buy at most: %1").arg(problem));
    request.maxBuyPrice = *maxBuy;
    const auto minSell = apiRate(m_ui->procurementMinSell->text(), &problem);
    if (!minSell)
        return refuse(tr("Sell at least: %1").arg(problem));
    request.minSellPrice = *minSell;
    request.enabled = m_ui->procurementEnabled->isChecked();
    return request;
}

QString ProcurementDialog::command() const
{
    const auto values = request();
    if (!values)
        return {};
    SfCommand::ProcurementCreate create;
    create.name = values->name;
    create.pool = m_poolId;
    create.sku = values->sku;
    create.target = values->target;
    create.maxBuyPrice = values->maxBuyPrice;
    create.minSellPrice = values->minSellPrice;
    create.windowMinutes = values->windowMinutes;
    return SfCommand::procurementCreate(create);
}

void ProcurementDialog::setMarketHint(const QString& text)
{
    m_ui->procurementHint->setText(text);
    m_ui->procurementHint->setVisible(!text.isEmpty());
}

void ProcurementDialog::updateState()
{
    QString why;
    const auto values = request(&why);
    m_save->setEnabled(values.has_value() && !m_request->isOut());
    m_copy->setEnabled(values.has_value());
    m_save->setToolTip(PlainText::toolTip(values ? QString() : why));
    const bool replacing = m_existing && values && values->target != m_existing->target;
    m_ui->procurementNote->setText(
        replacing ? tr("A new target replaces the procurement: the API cannot change a target in "
                       "place, so it is deleted (its standing orders cancelled) and created "
                       "again with the new target.")
                  : QString());
    m_ui->procurementNote->setVisible(replacing);
    if (!m_request->isOut())
        m_ui->procurementError->hide();
}

void ProcurementDialog::fail(const QString& message)
{
    m_request->refuse(message);
}

void ProcurementDialog::finish(const Procurement& procurement)
{
    m_request->finish();
    Q_EMIT saved(procurement);
    QDialog::accept();
}

void ProcurementDialog::accept()
{
    QString why;
    const auto values = request(&why);
    if (!values) {
        fail(why);
        return;
    }
    if (!m_backend || m_request->isOut())
        return;
    m_request->start();
    if (!m_existing) {
        m_backend->createProcurement(
            *values, this, [this](const Procurement& made) { finish(made); },
            [this](const QString& message) { fail(tr("Not created: %1").arg(message)); });
        return;
    }
    if (values->target != m_existing->target) {
        replace(*values);
        return;
    }
    ProcurementChange change;
    const auto differs = [](const QString& typed, qint64 micros) {
        return Money::parseRate(typed).value_or(-1) != micros;
    };
    if (values->name != m_existing->name && !values->name.isEmpty())
        change.name = values->name;
    if (values->sku != m_existing->sku.id)
        change.sku = values->sku;
    if (differs(values->maxBuyPrice, m_existing->maxBuyPrice.micros))
        change.maxBuyPrice = values->maxBuyPrice;
    if (differs(values->minSellPrice, m_existing->minSellPrice.micros))
        change.minSellPrice = values->minSellPrice;
    if (values->windowMinutes != m_existing->windowMinutes)
        change.windowMinutes = values->windowMinutes;
    if (values->enabled != m_existing->enabled)
        change.enabled = values->enabled;
    if (change.isEmpty()) {
        finish(*m_existing);
        return;
    }
    m_backend->updateProcurement(
        m_existing->id, change, this, [this](const Procurement& changed) { finish(changed); },
        [this](const QString& message) { fail(tr("Not saved: %1").arg(message)); });
}

void ProcurementDialog::replace(const ProcurementRequest& request)
{
    ProcurementRequest again = request;
    if (again.name.isEmpty())
        again.name = m_existing->name;
    m_backend->deleteProcurement(
        m_existing->id, this,
        [this, again] {
            // The old one is gone: from here on, the dialog creates.
            m_existing.reset();
            m_backend->createProcurement(
                again, this, [this](const Procurement& made) { finish(made); },
                [this](const QString& message) {
                    fail(tr("The old procurement was deleted, but the new one was not created: %1 Create it "
                            "again from here.")
                             .arg(message));
                });
        },
        [this](const QString& message) { fail(tr("Not replaced: %1").arg(message)); });
}

} // namespace sfdesk
