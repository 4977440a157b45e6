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
    m_askAgain = m_ui->spendGuardAskAgain;
    m_threshold = m_ui->spendGuardThreshold;
    m_capOn = m_ui->spendGuardCapOn;
    m_cap = m_ui->spendGuardCap;
    m_problem = m_ui->spendGuardProblem;
    m_problem->setForegroundRole(QPalette::BrightText);
    m_problem->hide();

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
    m_askAgain->setChecked(limits.confirmAbove.has_value());
    if (limits.confirmAbove)
        m_threshold->setText(amountInput(*limits.confirmAbove));
    m_capOn->setChecked(limits.dailyBuyCap.has_value());
    if (limits.dailyBuyCap)
        m_cap->setText(amountInput(*limits.dailyBuyCap));

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SpendGuardDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &SpendGuardDialog::reject);

    connect(m_askAgain, &QCheckBox::toggled, this, &SpendGuardDialog::updateEnabled);
    connect(m_capOn, &QCheckBox::toggled, this, &SpendGuardDialog::updateEnabled);
    // A box ticked takes the keyboard to its amount.
    connect(m_askAgain, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            m_threshold->setFocus();
    });
    connect(m_capOn, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            m_cap->setFocus();
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
        dialog->m_capOn->setChecked(true);
        dialog->m_cap->setFocus();
        dialog->m_cap->selectAll();
    }
    return dialog;
}

void SpendGuardDialog::updateEnabled()
{
    m_threshold->setEnabled(m_askAgain->isChecked());
    m_cap->setEnabled(m_capOn->isChecked());
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
    const std::pair<QCheckBox*, QLineEdit*> fields[] = {{m_askAgain, m_threshold}, {m_capOn, m_cap}};
    for (const auto& [box, edit] : fields) {
        if (!box->isChecked())
            continue;
        QString why;
        const auto amount = parseAmount(edit->text(), &why);
        if (!amount) {
            m_problem->setText(tr("%1: %2").arg(edit->accessibleName(), why));
            m_problem->show();
            edit->setFocus();
            return;
        }
        (box == m_askAgain ? limits.confirmAbove : limits.dailyBuyCap) = amount;
    }
    if (m_settings)
        SpendGuard::saveLimits(*m_settings, m_profileId, limits);
    Q_EMIT saved(limits);
    QDialog::accept();
}

} // namespace sfdesk
