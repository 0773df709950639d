"""Accounts: sign up on the site (Django's auth covers log in, log out and password resets by e-mail), the account
page, deleting an account, and API tokens for scripts.

Neither the login form, the password-reset form nor the token endpoint says whether an account exists: a wrong
password and an unknown user get the same answer, and a reset is "sent" to any address. Every login path is limited
per account and client (cataclysm_site.login_limits), password-reset requests per client and their mails per address
(cataclysm_site.reset_limits), never so that a stranger can keep an account's owner out.
"""
from django import forms
from django.contrib import messages
from django.contrib.auth import authenticate, get_user_model, login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import Throttled
from rest_framework.parsers import FormParser, JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cataclysm_site import login_limits, lookalikes, reset_limits
from cataclysm_site.api_errors import ApiError
from cataclysm_site.throttling import AnonRateThrottle, CommunityWriteThrottle
from decks import services as deck_services
from decks.models import Deck

INVALID_CREDENTIALS = "invalid_credentials"
INVALID_CREDENTIALS_MESSAGE = "Unable to log in with that username and password."


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional; only used to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_username(self):
        """Refuse a name that could be mistaken for another account's (after NFKC, which the field applies)."""
        username = super().clean_username()
        if not username:
            return username
        problem = lookalikes.mixed_script_problem(username)
        if problem:
            raise forms.ValidationError(f"Choose another username: {problem}")
        # Every account's name is compared (a few milliseconds per 10,000 accounts), once per sign-up.
        # The names stream from a server-side cursor on PostgreSQL: closed here, in this transaction, even when a twin
        # is found before the end (left to the garbage collector, its CLOSE could fail in a later transaction).
        names = get_user_model().objects.values_list("username", flat=True).iterator()
        try:
            twin = lookalikes.lookalike_of(username, names)
        finally:
            names.close()
        if twin:
            raise forms.ValidationError(f"Choose another username: it could be mistaken for “{twin}”, an existing "
                                        f"account.")
        return username


def safe_next(request, default: str = "/decks/mine/") -> str:
    """Return the `next` URL if it stays on this site, else the default."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return target
    return default


def signup(request):
    """Create an account and log straight in."""
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": safe_next(request, "")})


class PublicDecks:
    """What happens to an account's public decks when it is deleted (private and unlisted ones always go)."""

    KEEP = "keep"
    DELETE = "delete"
    CHOICES = [(KEEP, "Keep them, anonymised: they stay listed, by “[deleted]”"), (DELETE, "Delete them too")]


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label="Your password", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text="To be sure it is you.",
    )
    public_decks = forms.ChoiceField(
        label="Your public decks", choices=PublicDecks.CHOICES, widget=forms.RadioSelect,
        error_messages={"required": "Choose whether your public decks stay (anonymised) or go."},
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password; nothing was deleted.")
        return password


@transaction.atomic
def delete_account(user, *, keep_public: bool) -> dict[str, int]:
    """Delete an account and everything it owns in one transaction; public decks stay, anonymised, when asked.

    Returns how many decks were kept and how many deleted.
    """
    kept = deck_services.anonymise_public_decks(owner=user) if keep_public else 0
    deleted = Deck.objects.owned_by(user).count()
    get_user_model().objects.filter(pk=user.pk).delete()  # cascades to its decks, games, tokens
    return {"kept": kept, "deleted": deleted}


@login_required
def account(request):
    """The signed-in user's account: what it holds, and the ways to change the password or delete it."""
    return render(request, "registration/account.html", {"deck_counts": deck_services.deck_counts(owner=request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete the account after its password, with the user's choice for their public decks."""
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        result = delete_account(user, keep_public=form.cleaned_data["public_decks"] == PublicDecks.KEEP)
        logout(request)
        kept = f"; {result['kept']} public deck(s) stay, anonymised" if result["kept"] else ""
        messages.success(request, f"Your account and {result['deleted']} deck(s) are deleted{kept}.")
        return redirect("/")
    return render(request, "registration/account_delete.html", {
        "form": form, "deck_counts": deck_services.deck_counts(owner=request.user),
    })


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class TokenResponseSerializer(serializers.Serializer):
    token = serializers.CharField()


class TokenErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class ObtainTokenView(APIView):
    """Exchange a username and password for the API token of that account."""

    permission_classes = [AllowAny]
    authentication_classes = []  # credentials are in the body; no session, so no CSRF either
    parser_classes = [JSONParser, FormParser]  # scripts also send `curl -d username=... -d password=...`
    throttle_scope = "login"  # each request hashes a password: a tighter rate per client than the API's

    @extend_schema(
        tags=["auth"],
        summary="Obtain an API token (send it as `Authorization: Token <token>`)",
        request=TokenRequestSerializer,
        responses={
            200: TokenResponseSerializer,
            400: OpenApiResponse(
                TokenErrorSerializer, description="`invalid_credentials` (the same whether or not the user exists)."
            ),
            429: OpenApiResponse(
                TokenErrorSerializer, description="`login_locked`: too many failed logins at this account from this "
                                                  "client, or from this client at any; or a short wait after many at "
                                                  "this account from several (Retry-After: the seconds left); or "
                                                  "`throttled`: too many requests."
            ),
        },
    )
    def post(self, request):
        if not isinstance(request.data, dict):  # a JSON list or string has no fields to read
            raise ApiError(INVALID_CREDENTIALS, "Send a username and a password.")
        username, password = request.data.get("username"), request.data.get("password")
        if not isinstance(username, str) or not isinstance(password, str) or not username or not password:
            raise ApiError(INVALID_CREDENTIALS, "Send a username and a password.")
        user = authenticate(request._request, username=username[:150], password=password[:1024])
        if user is None or not user.is_active:
            raise ApiError(INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE)
        login_limits.clear_own_failures(request._request, user)  # as a login through the form does
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class DeleteAccountSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=1024, trim_whitespace=False, style={"input_type": "password"})
    public_decks = serializers.ChoiceField(choices=[PublicDecks.KEEP, PublicDecks.DELETE],
                                           help_text="`keep`: public decks stay, anonymised under [deleted]; "
                                                     "`delete`: they go too.")


class DeleteAccountResponseSerializer(serializers.Serializer):
    kept = serializers.IntegerField(help_text="Public decks kept, anonymised.")
    deleted = serializers.IntegerField(help_text="Decks deleted with the account.")


WRONG_PASSWORD = "wrong_password"


class DeleteAccountView(APIView):
    """Delete the signed-in account (its token stops working at once)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["auth"], summary="Delete your account, with your private and unlisted decks; keep or delete public ones",
        request=DeleteAccountSerializer,
        responses={200: DeleteAccountResponseSerializer,
                   400: OpenApiResponse(TokenErrorSerializer, description="`wrong_password` or `invalid`."),
                   403: OpenApiResponse(TokenErrorSerializer, description="`not_authenticated`.")},
    )
    def post(self, request):
        serializer = DeleteAccountSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not request.user.check_password(serializer.validated_data["password"]):
            raise ApiError(WRONG_PASSWORD, "That is not your password; nothing was deleted.")
        keep = serializer.validated_data["public_decks"] == PublicDecks.KEEP
        return Response(delete_account(request.user, keep_public=keep))


class PasswordResetRequestSerializer(serializers.Serializer):
    email = serializers.EmailField(max_length=254)


class PasswordResetResponseSerializer(serializers.Serializer):
    message = serializers.CharField()


class PasswordResetView(APIView):
    """Mail a password-reset link; the answer is the same whether or not an account has the address."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [AnonRateThrottle, CommunityWriteThrottle]  # each answer may send an e-mail

    @extend_schema(tags=["auth"], summary="E-mail a link to choose a new password (the same answer for any address)",
                   request=PasswordResetRequestSerializer,
                   responses={202: PasswordResetResponseSerializer,
                              400: OpenApiResponse(TokenErrorSerializer, description="`invalid`: not an address."),
                              429: OpenApiResponse(TokenErrorSerializer, description="`reset_limited`: too many "
                                                   "from this client (Retry-After: the seconds left); or "
                                                   "`throttled`.")})
    def post(self, request):
        serializer = PasswordResetRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        wait = reset_limits.request_wait(request)
        if wait:
            raise Throttled(wait=wait, detail=reset_limits.RESET_LIMITED_MESSAGE, code=reset_limits.RESET_LIMITED)
        form = PasswordResetForm({"email": serializer.validated_data["email"]})
        if form.is_valid() and reset_limits.may_mail(request, serializer.validated_data["email"]):
            form.save(request=request._request, use_https=request.is_secure(),
                      subject_template_name="registration/password_reset_subject.txt",
                      email_template_name="registration/password_reset_email.html")
        return Response({"message": "If an account has that address, a link to choose a new password is on its way."},
                        status=202)


class LimitedPasswordResetView(auth_views.PasswordResetView):
    """Django's password-reset form, limited per client, its mails per address (cataclysm_site.reset_limits)."""

    def form_valid(self, form):
        wait = reset_limits.request_wait(self.request)
        if not wait:
            if reset_limits.may_mail(self.request, form.cleaned_data["email"]):
                return super().form_valid(form)
            return HttpResponseRedirect(self.get_success_url())  # the same answer, without a mail
        form.add_error(None, f"{reset_limits.RESET_LIMITED_MESSAGE} Try again in {login_limits.wait_message(wait)}.")
        response = self.form_invalid(form)
        response.status_code = 429
        response["Retry-After"] = str(wait)
        return response


class UnlockingPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's "choose a new password" page; a new password clears the account's failed logins, from everywhere."""

    def form_valid(self, form):
        response = super().form_valid(form)
        login_limits.clear_account_failures(form.user)
        return response
