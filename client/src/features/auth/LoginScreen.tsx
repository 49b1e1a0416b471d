import { Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { useAuth } from './AuthContext';
import { homeFor } from './guards';
import { LoginForm } from './LoginForm';

/** '/': signed-in visitors never get here (RequireAccess sends them to their home). */
export function LoginScreen() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();

  const submit = async (values: LoginInput) => {
    const user = await signIn(values);
    navigate(homeFor(user), { replace: true });
  };

  return (
    <Center mih="80vh">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <Image src="/logo.svg" alt="" w={56} h={56} />
            <Title order={1} size="h2" ta="center">
              {t('common.appName')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('login.title')}
            </Text>
          </Stack>
          <LoginForm onSubmit={submit} />
        </Stack>
      </Paper>
    </Center>
  );
}
