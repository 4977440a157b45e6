// SPDX-License-Identifier: Apache-2.0

#include "gui/reservations/spendguarddialog.h"

#include "common/money.h"
#include "core/market/marketbackend.h"
#include "core/models/format.h"
#include "core/settings/settings.h"
#include "ui_spendguarddialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

// What a field shows of a saved amount: plain dollars with cents, as it is typed back.
QString amountInput(qint64 micros)
{
    return Money::formatCents(micros);
}

} // namespace

SpendGuardDialog::SpendGuardDialog(Settings* settings, const ConnectionProfile& profile,
                                   MarketBackend* market, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SpendGuardDialog>())
    , m_settings(settings)
    , m_profileId(profile.id)
{
    m_ui->setupUi(this);
    setObjectName(u"spendGuardDialog"_s);
    m_ui->spendGuardProblem->setForegroundRole(QPalette::BrightText);
    m_ui->spendGuardProblem->hide();

    // The profile's name is the user's own, but a --server profile is named by its address.
    m_ui->spendGuardIntro->setText(
        tr("Checked before this app places a buy order on %1. A buy's total is what it costs at its "
           "limit: nodes × hours × limit price. Sell orders are not checked.")
            .arg(profile.name));
    if (market && market->ordersKnown()) {
        QLabel* capHelp = m_ui->spendGuardCapHelp;
        capHelp->setText(capHelp->text() + u' '
                         + tr("So far today: %1.")
                               .arg(Format::money(SpendGuard::boughtOnDayOf(market->orders(), market->now(),
                                                                            QTimeZone::LocalTime))));
    }

    const SpendGuard::Limits limits =
        settings ? SpendGuard::savedLimits(*settings, profile.id) : SpendGuard::Limits{};
    m_ui->spendGuardAskAgain->setChecked(limits.confirmAbove.has_value());
    if (limits.confirmAbove)
        m_ui->spendGuardThreshold->setText(amountInput(*limits.confirmAbove));
    m_ui->spendGuardCapOn->setChecked(limits.dailyBuyCap.has_value());
    if (limits.dailyBuyCap)
        m_ui->spendGuardCap->setText(amountInput(*limits.dailyBuyCap));

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SpendGuardDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &SpendGuardDialog::reject);

    connect(m_ui->spendGuardAskAgain, &QCheckBox::toggled, this, &SpendGuardDialog::updateEnabled);
    connect(m_ui->spendGuardCapOn, &QCheckBox::toggled, this, &SpendGuardDialog::updateEnabled);
    // A box ticked takes the keyboard to its amount.
    connect(m_ui->spendGuardAskAgain, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            m_ui->spendGuardThreshold->setFocus();
    });
    connect(m_ui->spendGuardCapOn, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            m_ui->spendGuardCap->setFocus();
    });
    updateEnabled();
    resize(560, sizeHint().height());
}

SpendGuardDialog::~SpendGuardDialog() = default;

SpendGuardDialog* SpendGuardDialog::openFor(Settings* settings, const ConnectionProfile& profile,
                                            MarketBackend* market, QWidget* parent, bool atCap)
{
    auto* dialog = new SpendGuardDialog(settings, profile, market, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    if (atCap) {
        dialog->m_ui->spendGuardCapOn->setChecked(true);
        dialog->m_ui->spendGuardCap->setFocus();
        dialog->m_ui->spendGuardCap->selectAll();
    }
    return dialog;
}

void SpendGuardDialog::updateEnabled()
{
    m_ui->spendGuardThreshold->setEnabled(m_ui->spendGuardAskAgain->isChecked());
    m_ui->spendGuardCap->setEnabled(m_ui->spendGuardCapOn->isChecked());
}

std::optional<qint64> SpendGuardDialog::parseAmount(const QString& typed, QString* why)
{
    QString text = typed.trimmed();
    if (text.startsWith(u'$'))
        text = text.mid(1).trimmed();
    // Commas only as thousands separators ("10,000.50"), never as a decimal point.
    static const QRegularExpression grouped(
        QRegularExpression::anchoredPattern(u"\\d{1,3}(,\\d{3})+(\\.\\d*)?"_s));
    if (grouped.match(text).hasMatch())
        text.remove(u',');
    if (text.endsWith(u'.'))
        text.chop(1);
    if (!text.contains(u'.'))
        text += u".0"_s;
    QString error;
    const auto micros = Money::parseRate(text, &error);
    if (!micros) {
        if (why)
            *why = tr("Type an amount in dollars, such as 10000 or 10000.50.");
        return std::nullopt;
    }
    return micros;
}

void SpendGuardDialog::accept()
{
    SpendGuard::Limits limits;
    const std::pair<QCheckBox*, QLineEdit*> fields[] = {{m_ui->spendGuardAskAgain, m_ui->spendGuardThreshold},
                                                        {m_ui->spendGuardCapOn, m_ui->spendGuardCap}};
    for (const auto& [box, edit] : fields) {
        if (!box->isChecked())
            continue;
        QString why;
        const auto amount = parseAmount(edit->text(), &why);
        if (!amount) {
            m_ui->spendGuardProblem->setText(tr("%1: %2").arg(edit->accessibleName(), why));
            m_ui->spendGuardProblem->show();
            edit->setFocus();
            return;
        }
        (box == m_ui->spendGuardAskAgain ? limits.confirmAbove : limits.dailyBuyCap) = amount;
    }
    if (m_settings)
        SpendGuard::saveLimits(*m_settings, m_profileId, limits);
    Q_EMIT saved(limits);
    QDialog::accept();
}

} // namespace sfdesk
